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

/** Who the price is for: the member an admin books for, and staff asking for non-member prices. */
export const pricingFields = {
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
