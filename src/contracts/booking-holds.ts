import { z } from "zod";
import { cartItemInput, customerInput, facilityTypeSchema, pricingFields } from "./booking";
import { dateString } from "./common";

// The payment hold (SPEC §5 Public booking: "Continue to Payment", "Pay $amount", /cancel): a hold,
// its checkout session and its cancellation. Money is integer cents; the server computes every figure.

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
