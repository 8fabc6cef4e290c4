import type { Db, Tx } from "../../db/client";
import { auditLog } from "../../db/schema";

// DECISIONS.md Manager password: every use, right or wrong, is written here with the acting admin,
// the target and the time (SPEC §6). Rows are only ever inserted; the admin view reads them.

export type AuditAction =
  | "refund_reservation"
  | "refund_event_registration"
  | "freeze_account"
  | "unfreeze_account"
  | "cancel_membership"
  | "customer_cancel_booking"
  | "customer_reschedule_booking"
  | "update_self_service_policy"
  | "offer_waitlist_place"
  | "update_waitlist_offer_time"
  | "update_reminder_settings"
  | "update_venue_identity"
  | "update_venue_logo"
  | "update_venue_waiver"
  | "update_rate_card"
  | "update_booking_rules"
  | "update_membership_plans"
  | "comp_membership"
  | "add_facility"
  | "update_facility"
  | "reorder_facilities"
  | "update_opening_hours"
  | "add_special_day"
  | "remove_special_day"
  | "add_closure"
  | "remove_closure"
  | "export_data"
  | "update_member_cancel_policy"
  | "member_cancel_membership"
  // Issue 33: staff management, and staff changes to bookings, coupons and events.
  | "invite_staff"
  | "revoke_staff_invitation"
  | "accept_staff_invitation"
  | "change_staff_role"
  | "remove_staff"
  | "create_manual_reservation"
  | "move_reservation"
  | "set_reservation_status"
  | "set_payment_status"
  | "create_coupon"
  | "update_coupon"
  | "delete_coupon"
  | "create_event"
  | "update_event"
  | "delete_event"
  | "add_event_registration"
  | "delete_event_registration"
  | "check_in"
  | "mark_no_show"
  | "undo_no_show"
  | "undo_check_in"
  // Decision 043: a refund the payment provider reported (its dashboard): no staff actor.
  | "provider_refund";

export type AuditOutcome = "success" | "denied" | "error";

/** Why an attempt was denied; wrong_password rows are what the throttle counts. */
export type DenialReason = "wrong_password" | "throttled" | "not_configured";

export type AuditTarget = {
  action: AuditAction;
  targetType:
    | "reservation"
    | "user"
    | "event_registration"
    | "booking"
    | "venue_settings"
    | "waitlist_entry"
    | "rate_card"
    | "booking_rules"
    | "membership_plans"
    | "facility"
    | "special_day"
    | "closure"
    | "opening_hours"
    | "export"
    | "staff_member"
    | "staff_invitation"
    | "coupon"
    | "event"
    | "payment";
  targetId: string;
  /** How staff would recognise the target later, kept even if the row changes or goes. */
  targetLabel?: string | null;
};

export type AuditDetails = {
  targetLabel?: string | null;
  reason?: DenialReason | string;
  message?: string;
  [key: string]: unknown;
};

export async function writeAudit(
  executor: Db | Tx,
  entry: AuditTarget & {
    /** Null when the customer acted through their manage link without signing in. */
    actorUserId: string | null;
    outcome: AuditOutcome;
    at: Date;
    details?: AuditDetails;
  },
): Promise<void> {
  await executor.insert(auditLog).values({
    at: entry.at,
    actorUserId: entry.actorUserId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    outcome: entry.outcome,
    details: { targetLabel: entry.targetLabel ?? null, ...entry.details },
  });
}
