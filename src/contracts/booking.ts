import { z } from "zod";
import { BOOKING_FORM_MESSAGES } from "../domain/booking-form";
import { dateString, formStartTime } from "./common";

// Court and dart-bay booking (SPEC §2 Booking screen, §5 Public booking, §7 Availability, Coupons,
// create-checkout-session). Money is integer cents; the server computes every figure.

export const facilityTypeSchema = z.enum(["court", "dart_bay"]);

const queryFlag = z.enum(["true", "false"]).optional();
/** An admin books for a member from /book?member={userId}; ignored for everyone else but refused. */
const memberIdField = z.string().trim().min(1).max(64).nullish();

// ---- GET /api/booking/context ----

export const bookingContextQuery = z.object({ member: z.string().trim().min(1).max(64).optional() });

export const bookingForSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});

export const bookingContextResponse = z.object({
  /** The venue's date today and the last bookable date (inclusive), for the date picker. */
  today: dateString,
  maxDate: dateString,
  horizonDays: z.number().int(),
  /** Member prices apply (before the admin's "Use Non-Member Pricing" toggle). */
  isMember: z.boolean(),
  /** An admin who is also a member (or books for a member) sees the "Use Non-Member Pricing" toggle. */
  canUseNonMemberPricing: z.boolean(),
  /** Set when an admin books on behalf of a member (/book?member=…). */
  bookingFor: bookingForSchema.nullable(),
  durations: z.object({ court: z.array(z.number().int()), dart_bay: z.array(z.number().int()) }),
  defaultDurations: z.object({ court: z.number().int(), dart_bay: z.number().int() }),
  holdMinutes: z.number().int(),
  paymentProvider: z.enum(["stripe", "test", "none"]),
  /** False when no payment provider is configured: paid checkout is off, the venue's phone shown instead. */
  onlinePayment: z.object({ available: z.boolean(), phone: z.string() }),
});
export type BookingContext = z.infer<typeof bookingContextResponse>;

// ---- GET /api/booking/availability ----

export const availabilityQuery = z.object({
  facilityType: facilityTypeSchema,
  date: dateString,
  duration: z.string().regex(/^\d{1,3}$/, "Invalid duration"),
  member: z.string().trim().min(1).max(64).optional(),
  /** Admin-members only: "true" prices the slots at non-member prices. */
  nonMemberPricing: queryFlag,
  /** Issue 34: "true" adds each slot's free courts (or bays) and the day's facilities (per-court view). */
  courts: queryFlag,
});

export const timeSlotSchema = z.object({
  startTime: z.string(),
  endTime: z.string(),
  /** "h:mm AM - h:mm PM" */
  displayTime: z.string(),
  availableFacilities: z.number().int(),
  isAvailable: z.boolean(),
  memberPriceCents: z.number().int(),
  nonMemberPriceCents: z.number().int(),
  /** The price this viewer pays (member or non-member, per the context and toggle). */
  priceCents: z.number().int(),
  /** With `courts=true`: the ids of the courts (or bays) free for this slot, lowest first. */
  freeFacilityIds: z.array(z.number().int()).optional(),
});
export type TimeSlotDto = z.infer<typeof timeSlotSchema>;

export const availabilityResponse = z.object({
  facilityType: facilityTypeSchema,
  date: dateString,
  duration: z.number().int(),
  isMemberPricing: z.boolean(),
  slots: z.array(timeSlotSchema),
  /** Issue 31: what players read about the day (a holiday, a court closed and why). */
  notices: z.array(z.string()),
  /** With `courts=true`: the day's active courts (or bays), in order, with the venue's names. */
  facilities: z.array(z.object({ id: z.number().int(), name: z.string() })).optional(),
});
export type AvailabilityResponse = z.infer<typeof availabilityResponse>;

// ---- cart and customer ----

export const cartItemInput = z.object({
  facilityType: facilityTypeSchema,
  date: dateString,
  /** "HH:mm"; a missing start gives "Invalid time slot selected". */
  startTime: formStartTime(BOOKING_FORM_MESSAGES.timeSlot),
  /** Optional echo of the slot's end; the server computes the end from start + duration. */
  endTime: z.string().max(8).nullish(),
  duration: z
    .number()
    .int()
    .min(0)
    .max(24 * 60),
  /**
   * Issue 34: the court (or bay) the player chose in the per-court view; absent or null for any free
   * one. The server holds that one or refuses the item (409), never another.
   */
  facilityId: z.number().int().positive().nullish(),
});
export type CartItemInput = z.infer<typeof cartItemInput>;

export const customerInput = z.object({
  name: z.string().max(200),
  email: z.string().max(254),
  phone: z.string().max(40).nullish(),
  smsConsent: z.boolean().default(false),
  notes: z.string().max(2000).nullish(),
  termsAccepted: z.boolean(),
});

const pricingFields = {
  memberId: memberIdField,
  useNonMemberPricing: z.boolean().optional(),
};

// ---- POST /api/booking/coupon-check ----

export const couponCheckRequest = z.object({
  code: z.string().max(64),
  items: z.array(cartItemInput).max(20),
  ...pricingFields,
});
export type CouponCheckRequest = z.infer<typeof couponCheckRequest>;

export const couponCheckResponse = z.object({
  code: z.string(),
  discountCents: z.number().int(),
  subtotalCents: z.number().int(),
  totalCents: z.number().int(),
});
export type CouponCheckResponse = z.infer<typeof couponCheckResponse>;

// ---- POST /api/booking/quote (the cart's total, with or without a coupon) ----

/** The coupon check's body with the code optional: without one, the cart is priced as it is. */
export const quoteRequest = couponCheckRequest.extend({ code: z.string().max(64).nullish() });
export type QuoteRequest = z.infer<typeof quoteRequest>;

export const quoteResponse = z.object({
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  totalCents: z.number().int(),
  /** The applied coupon's code as the venue wrote it, or null when none was asked for. */
  couponCode: z.string().nullable(),
});
export type QuoteResponse = z.infer<typeof quoteResponse>;

// ---- POST /api/booking/holds ("Continue to Payment") ----

export const createHoldRequest = z.object({
  items: z.array(cartItemInput).max(20),
  customer: customerInput,
  couponCode: z.string().max(64).nullish(),
  /** Also open the hold's checkout session, answered as `checkout` (one request instead of two). */
  checkout: z.boolean().optional(),
  ...pricingFields,
});
export type CreateHoldRequest = z.infer<typeof createHoldRequest>;

export const holdItemSchema = z.object({
  reservationId: z.string(),
  facilityType: facilityTypeSchema,
  facilityId: z.number().int(),
  /** "Court 3", "Dart Bay 1" */
  facilityName: z.string(),
  date: dateString,
  startTime: z.string(),
  endTime: z.string(),
  displayTime: z.string(),
  duration: z.number().int(),
  priceCents: z.number().int(),
  status: z.enum(["pending", "confirmed", "cancelled"]),
});
export type HoldItem = z.infer<typeof holdItemSchema>;

export const holdStatusSchema = z.enum(["active", "paid", "expired", "cancelled"]);

export const holdSummary = z.object({
  holdId: z.string(),
  status: holdStatusSchema,
  /** ISO instant the payment hold ends (the countdown's zero). */
  expiresAt: z.string(),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  totalCents: z.number().int(),
  coupon: z.object({ code: z.string(), discountCents: z.number().int() }).nullable(),
  /** The hold's items with their status; items removed from the cart are left out. */
  items: z.array(holdItemSchema),
});
export type HoldSummary = z.infer<typeof holdSummary>;

/**
 * `error.details` of a 409 SLOT_TAKEN from Continue to Payment: which item was lost and the
 * next-best free time of the same day, type and duration (null when the day is full), so a
 * player who lost a race is offered somewhere to go (issue 16, the rush).
 */
export const slotTakenDetails = z.object({
  facilityType: facilityTypeSchema,
  date: dateString,
  startTime: z.string(),
  nextFreeStartTime: z.string().nullable(),
  nextFreeDisplayTime: z.string().nullable(),
});
export type SlotTakenDetails = z.infer<typeof slotTakenDetails>;

// ---- POST /api/booking/holds/{holdId}/checkout ("Pay $amount") ----

export const checkoutResponse = z.object({
  /** Where to send the browser: the provider's hosted page, or /success when nothing is owed. */
  url: z.string(),
  provider: z.enum(["stripe", "test", "none"]),
  sessionId: z.string().nullable(),
  /** "redirect": go to url and pay; "confirmed": a 100% discount confirmed the booking at once. */
  status: z.enum(["redirect", "confirmed"]),
});
export type CheckoutResponse = z.infer<typeof checkoutResponse>;

export const createHoldResponse = holdSummary.extend({
  /** Shown once: proves the browser owns this hold (checkout, remove item, cancel). */
  holdToken: z.string(),
  /**
   * With `checkout: true`: the hold's checkout session, for "Pay $amount" to go to. Null when
   * nothing is owed or the provider failed: Pay then asks POST /booking/holds/{holdId}/checkout.
   */
  checkout: checkoutResponse.nullable().optional(),
});
export type CreateHoldResponse = z.infer<typeof createHoldResponse>;

export const holdTokenBody = z.object({ holdToken: z.string().min(1).max(200) });

// ---- cancel ----

export const cancelItemResponse = z.object({
  /** "Reservation cancelled" or "Reservation was already cancelled" (SPEC §4). */
  message: z.string(),
  alreadyCancelled: z.boolean(),
  /** Set when the smaller cart no longer qualifies for the coupon, which was taken off: the reason. */
  couponRemovedReason: z.string().nullable(),
  hold: holdSummary,
});
export type CancelItemResponse = z.infer<typeof cancelItemResponse>;

/** /cancel: the hold by its id or by the checkout session the provider sent back, plus its token. */
export const cancelHoldRequest = z.object({
  holdToken: z.string().min(1).max(200),
  holdId: z.uuid().optional(),
  checkoutSessionId: z.string().min(1).max(255).optional(),
});
export type CancelHoldRequest = z.infer<typeof cancelHoldRequest>;

export const cancelHoldResponse = z.object({
  message: z.string(),
  alreadyCancelled: z.boolean(),
  hold: holdSummary,
});
export type CancelHoldResponse = z.infer<typeof cancelHoldResponse>;

export { HOLD_TOKEN_HEADER } from "./headers";
