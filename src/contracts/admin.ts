import { z } from "zod";
import { dateString, formStartTime, timeString } from "./common";
import { deskPaidMethod, deskPaymentMethod, deskPriceCents, paymentMethod } from "./desk-payments";

// Staff operations (SPEC §2 Admin Dashboard, §4 Reservation status, §5 Admin manual reservation and
// Admin edit reservation, §7 Reservations, §8 Admin). Money is integer cents; times are "HH:mm".

export const adminFacilityType = z.enum(["court", "dart_bay"]);
export type AdminFacilityType = z.infer<typeof adminFacilityType>;

/** SPEC §6 Manager password: every action that needs it carries it in the body. */
export const managerPasswordField = z
  .string({ error: "Please enter the manager password" })
  .min(1, "Please enter the manager password")
  .max(256, "Incorrect manager password or unauthorized");

// ---- GET /api/admin/stats ----

export const dashboardStats = z.object({
  totalReservations: z.number().int(),
  /** The length of the Active Members list (SPEC §3 Dashboard stats). */
  activeMembers: z.number().int(),
});
export type DashboardStats = z.infer<typeof dashboardStats>;

// ---- GET /api/admin/day ----

export const adminDayQuery = z.object({ date: dateString, facilityType: adminFacilityType });

export const facilityOption = z.object({ id: z.number().int(), name: z.string() });
export type FacilityOption = z.infer<typeof facilityOption>;

export const reservationStatus = z.enum(["pending", "confirmed", "cancelled"]);
export type ReservationStatus = z.infer<typeof reservationStatus>;
export const manualPaymentStatus = z.enum(["unpaid", "paid"]);
export type ManualPaymentStatus = z.infer<typeof manualPaymentStatus>;

export const adminReservation = z.object({
  id: z.string(),
  date: dateString,
  facilityType: adminFacilityType,
  facilityId: z.number().int(),
  facilityName: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** "h:mm AM - h:mm PM" */
  displayTime: z.string(),
  duration: z.number().int(),
  priceCents: z.number().int(),
  status: reservationStatus,
  paymentStatus: z.enum(["pending", "paid"]),
  manualPaymentStatus: manualPaymentStatus.nullable(),
  isMember: z.boolean(),
  isAdminCreated: z.boolean(),
  isRefunded: z.boolean(),
  /** A member's free weekly reservation (SPEC §2 Member Free Reservations): nothing was paid. */
  isFreeMemberBooking: z.boolean(),
  /** Paid through the online checkout (a payment id is present), refunded or not. */
  paidOnline: z.boolean(),
  /** The checkout this reservation was booked in (its other slots are the same booking), or null. */
  holdId: z.string().nullable(),
  /** SPEC §4 Refund: confirmed, not refunded, and paid online (a payment id is present). */
  refundable: z.boolean(),
  customerName: z.string(),
  customerEmail: z.string().nullable(),
  customerPhone: z.string().nullable(),
  notes: z.string().nullable(),
  /** Issue 33: when the front desk checked the player in (ISO), or null. */
  checkedInAt: z.string().nullable(),
  /** Issue 33: when staff marked it a no-show (after its start), or null; never both. */
  noShowAt: z.string().nullable(),
  /** The customer's no-shows at the venue so far, counted by email (0 without an email). */
  customerNoShows: z.number().int(),
  /** Issue 32: what its payment (the whole checkout, or the desk payment) took, or null without one. */
  paidCents: z.number().int().nullable(),
  /** Issue 32: what of that payment has been refunded so far. */
  refundedCents: z.number().int(),
  /** Issue 32: how it was paid (online, cash, card at the desk), or null without a recorded payment. */
  paymentMethod: paymentMethod.nullable(),
});
export type AdminReservation = z.infer<typeof adminReservation>;

export const adminEventBlock = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  typeLabel: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  displayTime: z.string(),
  courts: z.array(z.number().int()),
  maxParticipants: z.number().int(),
  /** Registrations confirmed and paid (SPEC §4 Event). */
  participants: z.number().int(),
  isPrivate: z.boolean(),
});
export type AdminEventBlock = z.infer<typeof adminEventBlock>;

/** "HH:mm"; a closing time may be 24:00 (PostgreSQL's end of day). */
const hhmmString = z.string().regex(/^\d{2}:\d{2}$/);

export const adminDayResponse = z.object({
  date: dateString,
  facilityType: adminFacilityType,
  /** The venue's date today, for the current-time line. */
  today: dateString,
  facilities: z.array(facilityOption),
  /** Non-cancelled reservations of the day, by start time (SPEC §4: cancelled ones are hidden). */
  reservations: z.array(adminReservation),
  /** Events that occupy courts that day (empty for dart bays). */
  events: z.array(adminEventBlock),
  /** The venue's hours that day, null when closed: the edit dialog offers only these (issue 14). */
  hours: z.object({ opensAt: hhmmString, closesAt: hhmmString }).nullable(),
});
export type AdminDayResponse = z.infer<typeof adminDayResponse>;

// ---- GET /api/admin/available-facilities ----

export const availableFacilitiesQuery = z.object({
  date: dateString,
  facilityType: adminFacilityType,
  startTime: timeString,
  duration: z.string().regex(/^\d{1,3}$/, "Invalid duration"),
  /** Edit: the reservation being moved does not count against itself. */
  excludeReservationId: z.uuid().optional(),
});
export const availableFacilitiesResponse = z.object({ facilities: z.array(facilityOption) });
export type AvailableFacilitiesResponse = z.infer<typeof availableFacilitiesResponse>;

// ---- POST /api/admin/reservations (Add Free Reservation) ----

export const manualReservationRequest = z.object({
  facilityType: adminFacilityType,
  date: dateString,
  customerName: z.string().max(200),
  customerEmail: z.string().max(254).nullish(),
  startTime: formStartTime("Please select a time slot"),
  duration: z
    .number()
    .int()
    .min(0)
    .max(24 * 60),
  facilityIds: z.array(z.number().int()).max(20),
  /** Issue 32 item 4: the price of each facility's booking (the rate card's, editable); 0 if left out. */
  priceCents: deskPriceCents.optional(),
  /** Issue 32 item 4: how it was paid at the desk; "unpaid" if left out. */
  paymentMethod: deskPaymentMethod.optional(),
});
export type ManualReservationRequest = z.infer<typeof manualReservationRequest>;

export const manualReservationResponse = z.object({
  created: z.number().int(),
  /** "{n} reservation(s) created successfully" */
  message: z.string(),
  reservations: z.array(adminReservation),
});
export type ManualReservationResponse = z.infer<typeof manualReservationResponse>;

// ---- reservation updates ----

export const reservationIdParams = z.object({ id: z.uuid("Reservation not found") });

export const reassignRequest = z.object({ facilityId: z.number().int() });
export const editReservationRequest = z.object({ startTime: timeString, facilityId: z.number().int() });
export const statusRequest = z.object({ status: reservationStatus });
export const paymentStatusRequest = z.object({
  manualPaymentStatus: manualPaymentStatus,
  /** Issue 32 item 4: how a priced desk booking marked paid was paid (needed when it has a price). */
  paymentMethod: deskPaidMethod.optional(),
});
export const refundRequest = z.object({
  managerPassword: managerPasswordField,
  /**
   * Issue 32 item 5: this reservation's share (the default, and SPEC §4 Refund), every item of its
   * checkout at once ("booking"), or part of what was paid ("amount", booking kept).
   */
  scope: z.enum(["reservation", "booking", "amount"], { error: "Choose what to refund" }).optional(),
  amountCents: z
    .number({ error: "Enter a refund amount in dollars and cents, at least $0.01" })
    .int("Enter a refund amount in dollars and cents, at least $0.01")
    .min(1, "Enter a refund amount in dollars and cents, at least $0.01")
    .max(100_000_000, "Enter a refund amount in dollars and cents, at least $0.01")
    .optional(),
  /** One per refund dialog: a repeated request with it refunds once (the provider's idempotency key). */
  requestId: z.uuid("Invalid refund request").optional(),
  reason: z.string().trim().max(500, "Keep the reason under 500 characters").optional(),
});
export type RefundRequest = z.infer<typeof refundRequest>;

export const reservationResponse = z.object({ reservation: adminReservation });
export type ReservationResponse = z.infer<typeof reservationResponse>;
