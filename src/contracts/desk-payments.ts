import { z } from "zod";
import {
  DESK_MESSAGES,
  DESK_PAID_METHODS,
  DESK_PAYMENT_METHODS,
  MAX_DESK_PRICE_CENTS,
} from "../domain/desk-payments";
import { dateString, timeString } from "./common";

// Issue 32 items 4 and 5: desk payments (price and method of a staff booking) and refund amounts.

export const deskPriceCents = z
  .number({ error: DESK_MESSAGES.price })
  .int(DESK_MESSAGES.price)
  .min(0, DESK_MESSAGES.price)
  .max(MAX_DESK_PRICE_CENTS, DESK_MESSAGES.price);
export const deskPaymentMethod = z.enum(DESK_PAYMENT_METHODS, { error: DESK_MESSAGES.method });
export const deskPaidMethod = z.enum(DESK_PAID_METHODS, { error: DESK_MESSAGES.paidMethod });
export const paymentMethod = z.enum(["online", "cash", "desk_card"]);

// ---- GET /api/admin/desk-price ----

export const deskPriceQuery = z.object({
  facilityType: z.enum(["court", "dart_bay"]),
  date: dateString,
  startTime: timeString,
  duration: z.string().regex(/^\d{1,3}$/, "Invalid duration"),
});
export const deskPriceResponse = z.object({
  /** The rate card's price for a non-member, what the desk form starts with. */
  nonMemberPriceCents: z.number().int(),
  memberPriceCents: z.number().int(),
});
export type DeskPriceResponse = z.infer<typeof deskPriceResponse>;

// ---- GET /api/admin/reservations/{id}/refund-quote ----

export const refundQuoteItem = z.object({
  id: z.string(),
  facilityName: z.string(),
  date: dateString,
  displayTime: z.string(),
  priceCents: z.number().int(),
  isRefunded: z.boolean(),
  status: z.enum(["pending", "confirmed", "cancelled"]),
});

export const refundQuoteResponse = z.object({
  reservationId: z.string(),
  /** What the payment took (the whole checkout); for a demo booking without one, its price. */
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  remainingCents: z.number().int(),
  /** This reservation's share of what remains, refunded by the default scope. */
  reservationCents: z.number().int(),
  /** A desk payment is handed back at the desk; a demo booking is refunded on the record only. */
  method: paymentMethod.nullable(),
  /** Whole-booking and part refunds need a recorded payment (demo bookings have none). */
  hasPayment: z.boolean(),
  /** Every reservation of the same payment (one item for a single booking). */
  items: z.array(refundQuoteItem),
});
export type RefundQuoteResponse = z.infer<typeof refundQuoteResponse>;
