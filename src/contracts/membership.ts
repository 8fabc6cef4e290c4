import { z } from "zod";
import { MEMBERSHIP_PLAN_IDS } from "../domain/membership";
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_TOO_LONG_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
} from "../domain/password";
import { dateString } from "./common";

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
});
export type FreeSlotsResponse = z.infer<typeof freeSlotsResponse>;

// ---- POST /api/membership/free-reservations ----

export const bookFreeReservationRequest = z.object({
  date: dateString,
  // Optional here so a missing time answers the spec's "Please select a time slot".
  startTime: z.string().max(8).nullish(),
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
