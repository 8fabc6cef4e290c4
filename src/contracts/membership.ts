import { z } from "zod";
import { SELECT_TIME_SLOT_MESSAGE } from "../domain/free-booking";
import { MEMBERSHIP_PLAN_IDS } from "../domain/membership";
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_TOO_LONG_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
} from "../domain/password";
import { dateString, formStartTime } from "./common";

// Club membership (SPEC §2 Join membership, Member Free Reservations, My Reservations; §5 Signup,
// Member free booking; §7 create-membership-session, count_member_free_reservations, My bookings).

export const membershipPlanSchema = z.enum(MEMBERSHIP_PLAN_IDS);

// ---- POST /api/membership/checkout (SPEC §7 create-membership-session) ----

export const createMembershipSessionRequest = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Email is required")
    .max(254)
    .pipe(z.email("Please enter a valid email address")),
  plan: membershipPlanSchema,
  firstName: z.string().trim().min(1, "First name is required").max(100),
  lastName: z.string().trim().min(1, "Last name is required").max(100),
  phone: z.string().max(40).nullish(),
  // Hashed by the server on arrival; never stored, logged or sent anywhere in plain text.
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
    .max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG_MESSAGE),
});
export type CreateMembershipSessionRequest = z.infer<typeof createMembershipSessionRequest>;

export const membershipSessionResponse = z.object({
  /** The hosted checkout (Stripe, or the built-in test checkout) to send the browser to. */
  url: z.string(),
});
export type MembershipSessionResponse = z.infer<typeof membershipSessionResponse>;

// ---- POST /api/membership/checkout/restart-link, …/restart (issue 30 item 10) ----

/** A signup for this email waits for payment: send the email a link that cancels it. */
export const restartLinkRequest = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Email is required")
    .max(254)
    .pipe(z.email("Please enter a valid email address")),
});
export type RestartLinkRequest = z.infer<typeof restartLinkRequest>;
/** The same answer whether or not a signup waits (the address's inbox is the only one told). */
export const restartLinkResponse = z.object({ message: z.string() });
export type RestartLinkResponse = z.infer<typeof restartLinkResponse>;

/** The link emailed to an address whose signup waits for payment: `<signup id>.<secret>`. */
export const restartSignupRequest = z.object({ token: z.string().trim().min(1).max(200) });
export type RestartSignupRequest = z.infer<typeof restartSignupRequest>;

export const restartSignupResponse = z.object({
  /** The email whose waiting signup ended, so the form can offer it again. */
  email: z.string(),
});
export type RestartSignupResponse = z.infer<typeof restartSignupResponse>;

// ---- GET /api/membership/free-reservations?date= ----

export const freeSlotsQuery = z.object({ date: dateString.optional() });

export const freeSlotSchema = z.object({
  startTime: z.string(),
  endTime: z.string(),
  displayTime: z.string(),
  availableCourts: z.number().int(),
});
export type FreeSlot = z.infer<typeof freeSlotSchema>;

export const freeAllowanceSchema = z.object({
  /** The week the allowance counts (the week of the chosen date, Monday–Sunday). */
  weekStart: dateString,
  weekEnd: dateString,
  limit: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
});
export type FreeAllowance = z.infer<typeof freeAllowanceSchema>;

export const freeSlotsResponse = z.object({
  today: dateString,
  maxDate: dateString,
  date: dateString,
  allowance: freeAllowanceSchema,
  /** Only the 120-minute court slots a free reservation may take that have a court free. */
  slots: z.array(freeSlotSchema),
  /** The rules box's lines, from the venue's booking rules (issue 32 item 2). */
  rules: z.array(z.string()),
});
export type FreeSlotsResponse = z.infer<typeof freeSlotsResponse>;

// ---- GET /api/membership/benefits ----

/** SPEC §9 Membership's listed benefits, written from the venue's booking rules and prices. */
export const membershipBenefitsResponse = z.object({ benefits: z.array(z.string()) });
export type MembershipBenefitsResponse = z.infer<typeof membershipBenefitsResponse>;

// ---- POST /api/membership/free-reservations ----

export const bookFreeReservationRequest = z.object({
  date: dateString,
  // Optional here so a missing time answers the spec's "Please select a time slot".
  startTime: formStartTime(SELECT_TIME_SLOT_MESSAGE),
});
export type BookFreeReservationRequest = z.infer<typeof bookFreeReservationRequest>;

export const myReservationSchema = z.object({
  id: z.string(),
  date: dateString,
  facilityType: z.enum(["court", "dart_bay"]),
  facilityName: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  displayTime: z.string(),
  duration: z.number().int(),
  priceCents: z.number().int(),
  status: z.enum(["pending", "confirmed", "cancelled"]),
  isFreeMemberBooking: z.boolean(),
});
export type MyReservation = z.infer<typeof myReservationSchema>;

export const bookFreeReservationResponse = z.object({
  reservation: myReservationSchema,
  allowance: freeAllowanceSchema,
});
export type BookFreeReservationResponse = z.infer<typeof bookFreeReservationResponse>;

// ---- GET /api/me/reservations (SPEC §7 My bookings) ----

export const myEventRegistrationSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventName: z.string(),
  eventType: z.string(),
  date: dateString,
  startTime: z.string(),
  endTime: z.string(),
  displayTime: z.string(),
  priceCents: z.number().int(),
  /** SPEC §4 Event registration badge: confirmed (and paid), cancelled, otherwise pending. */
  status: z.enum(["pending", "confirmed", "cancelled"]),
});
export type MyEventRegistration = z.infer<typeof myEventRegistrationSchema>;

export const myReservationsResponse = z.object({
  freeCourtReservations: z.array(myReservationSchema),
  courtReservations: z.array(myReservationSchema),
  dartBayReservations: z.array(myReservationSchema),
  eventRegistrations: z.array(myEventRegistrationSchema),
});
export type MyReservationsResponse = z.infer<typeof myReservationsResponse>;

// ---- the member's own membership (issue 34 item 4): /my-membership ----

export const billingCardSchema = z.object({
  /** "Visa •••• 4242" */
  label: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});

export const membershipInvoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  date: dateString,
  amountCents: z.number().int(),
  /** paid, open, refunded… */
  status: z.string(),
  /** The provider's page of the invoice (receipt and PDF); null for the test checkout's. */
  url: z.string().nullable(),
});
export type MembershipInvoice = z.infer<typeof membershipInvoiceSchema>;

export const myMembershipSchema = z.object({
  /** Null for a complimentary membership (comped by staff, issue 32 item 3). */
  plan: membershipPlanSchema.nullable(),
  planLabel: z.string(),
  /** What the member pays each period: what was sold, not today's list price. */
  priceCents: z.number().int(),
  interval: z.enum(["month", "year"]),
  memberSince: dateString,
  /** ending: cancelled at period end; the membership stays active until endsOn. */
  status: z.enum(["active", "ending"]),
  renewsOn: dateString.nullable(),
  endsOn: dateString.nullable(),
  /** A complimentary membership: the venue date it ends (nothing is charged until then). */
  compedUntil: dateString.nullable(),
  card: billingCardSchema.nullable(),
  invoices: z.array(membershipInvoiceSchema),
  /** False when the payment provider could not be reached: card and invoices are then not shown. */
  billingAvailable: z.boolean(),
  /** A card can be changed on the provider's hosted page (the membership has a customer there). */
  canChangeCard: z.boolean(),
  /** The built-in test checkout stands in for the provider: its card and pages are simulated. */
  testMode: z.boolean(),
});
export type MyMembership = z.infer<typeof myMembershipSchema>;

export const myMembershipResponse = z.object({
  /** Null for an account without a membership (never joined, or ended). */
  membership: myMembershipSchema.nullable(),
  selfCancel: z.object({
    /** The venue lets members cancel online, and this membership is not ending already. */
    allowed: z.boolean(),
    /** What the member reads about cancelling (the venue's phone when it is staff's to do). */
    message: z.string(),
  }),
});
export type MyMembershipResponse = z.infer<typeof myMembershipResponse>;

export const billingPortalResponse = z.object({ url: z.string() });
export type BillingPortalResponse = z.infer<typeof billingPortalResponse>;

export const cancelMyMembershipRequest = z.object({
  /** The member confirmed in the dialog ("Cancel membership"). */
  confirm: z.literal(true, { error: "Please confirm the cancellation" }),
});

export const memberCancelPolicySchema = z.object({ enabled: z.boolean() });
export type MemberCancelPolicyDto = z.infer<typeof memberCancelPolicySchema>;
