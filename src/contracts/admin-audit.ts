import { z } from "zod";
import { calendarDate } from "./common";

// The staff audit log (SPEC §6: every staff change, who, before and after; issue 33 filters).

// ---- GET /api/admin/audit-log ----

export const AUDIT_ACTIONS = [
  "refund_reservation",
  "refund_event_registration",
  "freeze_account",
  "unfreeze_account",
  "cancel_membership",
  "customer_cancel_booking",
  "customer_reschedule_booking",
  "update_self_service_policy",
  "offer_waitlist_place",
  "update_waitlist_offer_time",
  "update_reminder_settings",
  "update_venue_identity",
  "update_venue_logo",
  "update_venue_waiver",
  "update_rate_card",
  "update_booking_rules",
  "update_membership_plans",
  "comp_membership",
  "add_facility",
  "update_facility",
  "reorder_facilities",
  "update_opening_hours",
  "add_special_day",
  "remove_special_day",
  "add_closure",
  "remove_closure",
  "export_data",
  "update_member_cancel_policy",
  "member_cancel_membership",
  "invite_staff",
  "revoke_staff_invitation",
  "accept_staff_invitation",
  "change_staff_role",
  "remove_staff",
  "create_manual_reservation",
  "move_reservation",
  "set_reservation_status",
  "set_payment_status",
  "create_coupon",
  "update_coupon",
  "delete_coupon",
  "create_event",
  "update_event",
  "delete_event",
  "add_event_registration",
  "delete_event_registration",
  "check_in",
  "mark_no_show",
  "undo_no_show",
  "undo_check_in",
  "provider_refund",
] as const;
export const AUDIT_ACTION_LABELS: Record<(typeof AUDIT_ACTIONS)[number], string> = {
  refund_reservation: "Refund reservation",
  refund_event_registration: "Refund event registration",
  freeze_account: "Freeze account",
  unfreeze_account: "Unfreeze account",
  cancel_membership: "Cancel membership",
  customer_cancel_booking: "Customer cancelled booking",
  customer_reschedule_booking: "Customer rescheduled booking",
  update_self_service_policy: "Self-service policy changed",
  offer_waitlist_place: "Waitlist place offered by hand",
  update_waitlist_offer_time: "Waitlist offer time changed",
  update_reminder_settings: "Reminder times changed",
  update_venue_identity: "Venue details changed",
  update_venue_logo: "Venue logo changed",
  update_venue_waiver: "Liability waiver changed",
  update_rate_card: "Prices changed",
  update_booking_rules: "Booking rules changed",
  update_membership_plans: "Membership plans changed",
  comp_membership: "Membership comped",
  add_facility: "Court or bay added",
  update_facility: "Court or bay changed",
  reorder_facilities: "Courts or bays reordered",
  update_opening_hours: "Opening hours changed",
  add_special_day: "Special day added",
  remove_special_day: "Special day removed",
  add_closure: "Closure added",
  remove_closure: "Closure removed",
  export_data: "Data exported (CSV)",
  update_member_cancel_policy: "Members' online cancellation changed",
  member_cancel_membership: "Member cancelled membership online",
  invite_staff: "Staff member invited",
  revoke_staff_invitation: "Staff invitation withdrawn",
  accept_staff_invitation: "Staff invitation accepted",
  change_staff_role: "Staff role changed",
  remove_staff: "Staff member removed",
  create_manual_reservation: "Reservation added by staff",
  move_reservation: "Reservation moved",
  set_reservation_status: "Reservation status changed",
  set_payment_status: "Payment status changed",
  create_coupon: "Coupon created",
  update_coupon: "Coupon changed",
  delete_coupon: "Coupon deleted",
  create_event: "Event created",
  update_event: "Event changed",
  delete_event: "Event deleted",
  add_event_registration: "Registration added by staff",
  delete_event_registration: "Registration deleted",
  check_in: "Checked in",
  mark_no_show: "Marked no-show",
  undo_no_show: "No-show undone",
  undo_check_in: "Check-in undone",
  provider_refund: "Refund recorded from Stripe",
};
export const auditOutcome = z.enum(["success", "denied", "error"]);

export const auditLogQuery = z.object({
  action: z.string().max(64).optional(),
  outcome: auditOutcome.optional(),
  /** Issue 33: who acted, by name or email (part of either). */
  person: z.string().trim().max(100).optional(),
  /** Issue 33: venue dates, both ends included. */
  from: calendarDate("Invalid start date").optional(),
  to: calendarDate("Invalid end date").optional(),
  /** Older than this entry id (paging). */
  before: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
});

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** What the target was at the time, as staff read it ("Jordan Park · Court 1 · Nov 23"). */
  targetLabel: z.string().nullable(),
  outcome: auditOutcome,
  /** Why it was denied or failed, in words. */
  reason: z.string().nullable(),
  /** Issue 33: what changed, before and after ("role: Manager → Front desk"), when the row says. */
  changes: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditLogResponse = z.object({ entries: z.array(auditEntry), nextBefore: z.string().nullable() });
export type AuditLogResponse = z.infer<typeof auditLogResponse>;
