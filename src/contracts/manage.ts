import { z } from "zod";
import { holdItemSchema } from "./booking-holds";
import { calendarDate, clockTime, dateString } from "./common";

// A confirmed booking as /success and the manage page show it (issue 14 items 2 and 3; decision 019).

export const selfServiceStatus = z.object({
  /** True when the venue's policy lets this booking be cancelled online now. */
  canCancel: z.boolean(),
  /** What the customer reads about changing the booking (the spec's "call us" when off or too late). */
  message: z.string(),
  /** The share of the payment a cancellation now gives back, when it is allowed. */
  refundPercent: z.number().int().nullable(),
  /** What a cancellation now would refund, in cents, when it is allowed. */
  refundCents: z.number().int().nullable(),
});

export const bookingView = z.object({
  /** "BK-3F2A9C1D": what staff ask for on the phone. */
  reference: z.string(),
  /** confirmed once the payment is; pending while the provider's webhook is on its way. */
  status: z.enum(["pending", "confirmed", "cancelled"]),
  customerName: z.string(),
  items: z.array(holdItemSchema),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  couponCode: z.string().nullable(),
  totalCents: z.number().int(),
  refundedCents: z.number().int(),
  venue: z.object({
    venueName: z.string(),
    phone: z.string(),
    address: z.string(),
    /** A map search for the venue's address (directions). */
    mapUrl: z.string(),
  }),
  selfService: selfServiceStatus,
  /**
   * Issue 33 item 2: the check-in QR code (the reference itself), an SVG document drawn by the
   * server, while the booking is confirmed; null otherwise (decision 032).
   */
  checkInQrSvg: z.string().nullable(),
  /**
   * Issue 30 item 2: texts go only to a phone its owner proved with a texted code. "on": reminders
   * will text `phone`; "needs_code": asked for, but they wait until the phone is proven for `email`
   * (POST /api/phone-codes, then …/confirm); "off": not asked for (phone and email null).
   */
  /**
   * Issue 30 item 1: a move to a dearer time waiting for its difference to be paid. The booking keeps
   * its current time until the checkout is paid; unpaid, it ends at `expiresAt` and nothing changes.
   */
  pendingMove: z
    .object({
      reservationId: z.string(),
      facilityName: z.string(),
      date: dateString,
      startTime: z.string(),
      displayTime: z.string(),
      priceCents: z.number().int(),
      differenceCents: z.number().int(),
      checkoutUrl: z.string(),
      expiresAt: z.string(),
    })
    .nullable(),
  textReminders: z.object({
    state: z.enum(["on", "needs_code", "off"]),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
});
export type BookingView = z.infer<typeof bookingView>;

/**
 * Where a checkout for a move's difference returns (paid or not): the page finds the manage link the
 * tab kept before it left, so no link's token travels to the provider or is stored in clear.
 */
export const MANAGE_RETURN_PATH = "/manage/return";

export const manageTokenParams = z.object({ token: z.string().min(20).max(100) });

export const manageLinkRequest = z.object({ holdToken: z.string().min(1).max(200).optional() });
export const manageLinkResponse = z.object({
  /** The manage page's path, with a new token that is shown only here. */
  path: z.string(),
  expiresAt: z.string(),
});
export type ManageLinkResponse = z.infer<typeof manageLinkResponse>;

export const rescheduleRequest = z.object({
  reservationId: z.uuid("Reservation not found"),
  date: calendarDate("Please choose a date"),
  startTime: clockTime("Please select a time slot", { seconds: false }),
});
export type RescheduleRequest = z.infer<typeof rescheduleRequest>;

/** GET …/reschedule-quote: what a move would cost or give back, before the customer confirms it. */
export const rescheduleQuoteQuery = rescheduleRequest;
export const rescheduleQuoteResponse = z.object({
  kind: z.enum(["same", "dearer", "cheaper"]),
  priceBeforeCents: z.number().int(),
  priceAfterCents: z.number().int(),
  differenceCents: z.number().int(),
  payCents: z.number().int(),
  refundCents: z.number().int(),
  /** The sentence the dialog shows (domain/reschedule-price.ts). */
  message: z.string(),
});
export type RescheduleQuote = z.infer<typeof rescheduleQuoteResponse>;

export const selfCancelResponse = z.object({
  booking: bookingView,
  refundedCents: z.number().int(),
});
export type SelfCancelResponse = z.infer<typeof selfCancelResponse>;

// ---- staff: the venue's policy ----

export const selfServicePolicySchema = z.object({
  enabled: z.boolean(),
  hoursBefore: z
    .number({ error: "Hours before the start must be a whole number from 0 to 720" })
    .int("Hours before the start must be a whole number from 0 to 720")
    .min(0, "Hours before the start must be a whole number from 0 to 720")
    .max(720, "Hours before the start must be a whole number from 0 to 720"),
  refundPercent: z
    .number({ error: "Refund percentage must be a whole number from 0 to 100" })
    .int("Refund percentage must be a whole number from 0 to 100")
    .min(0, "Refund percentage must be a whole number from 0 to 100")
    .max(100, "Refund percentage must be a whole number from 0 to 100"),
});
export type SelfServicePolicyDto = z.infer<typeof selfServicePolicySchema>;
