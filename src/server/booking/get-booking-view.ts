import { eq } from "drizzle-orm";
import type { HoldItem } from "../../contracts/booking";
import type { BookingView } from "../../contracts/manage";
import {
  bookingReference,
  type SelfServicePolicy,
  selfCancelDecision,
  selfCancelRefundCents,
  selfServiceText,
} from "../../domain/self-service-policy";
import { venueInstant } from "../../domain/venue-time";
import type { Db, Tx } from "../db/client";
import { couponCodes, payments, reservations } from "../db/schema";
import type { VenueIdentity } from "../settings/venue-settings";
import { type HoldRow, loadHoldItems } from "./hold-summary";

export const mapUrlFor = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** The first start among the booking's confirmed items: the policy's deadline counts back from it. */
export function firstConfirmedStart(items: HoldItem[]): Date | null {
  const starts = items
    .filter((i) => i.status === "confirmed")
    .map((i) => venueInstant(i.date, i.startTime).getTime());
  return starts.length > 0 ? new Date(Math.min(...starts)) : null;
}

/** What the payment still holds (paid less refunded); 0 for a booking a coupon made free. */
export async function paidRemainingCents(
  executor: Db | Tx,
  hold: HoldRow,
): Promise<{ paid: number; refunded: number }> {
  const [row] = await executor
    .select({ paymentId: reservations.paymentId })
    .from(reservations)
    .where(eq(reservations.holdId, hold.id))
    .limit(1);
  if (!row?.paymentId) return { paid: 0, refunded: 0 };
  const payment = await executor.query.payments.findFirst({ where: eq(payments.id, row.paymentId) });
  if (!payment) return { paid: 0, refunded: 0 };
  return { paid: payment.amountCents - payment.refundedCents, refunded: payment.refundedCents };
}

/** The booking as the customer sees it on /success and the manage page. */
export async function loadBookingView(
  executor: Db | Tx,
  input: { hold: HoldRow; venue: VenueIdentity; policy: SelfServicePolicy; now: Date },
): Promise<BookingView> {
  const { hold, venue, policy, now } = input;
  const items = await loadHoldItems(executor, hold.id);
  const [customer] = await executor
    .select({ name: reservations.customerName })
    .from(reservations)
    .where(eq(reservations.holdId, hold.id))
    .limit(1);
  const coupon = hold.couponId
    ? await executor.query.couponCodes.findFirst({ where: eq(couponCodes.id, hold.couponId) })
    : undefined;
  const money = await paidRemainingCents(executor, hold);
  const status = items.some((i) => i.status === "confirmed")
    ? "confirmed"
    : hold.status === "paid"
      ? "cancelled"
      : items.some((i) => i.status === "pending")
        ? "pending"
        : "cancelled";
  const decision = selfCancelDecision(
    policy,
    status === "confirmed" ? firstConfirmedStart(items) : null,
    now,
  );
  return {
    reference: bookingReference(hold.id),
    status,
    customerName: customer?.name ?? "",
    items,
    subtotalCents: hold.subtotalCents,
    discountCents: hold.discountCents,
    couponCode: coupon?.code ?? null,
    totalCents: hold.totalCents,
    refundedCents: money.refunded,
    venue: {
      venueName: venue.venueName,
      phone: venue.phone,
      address: venue.address,
      mapUrl: mapUrlFor(venue.address),
    },
    selfService: {
      canCancel: decision.allowed,
      message:
        status === "cancelled"
          ? `This booking is cancelled. Questions? Please call us at ${venue.phone}.`
          : selfServiceText(decision, policy.refundPercent, venue.phone),
      refundPercent: decision.allowed ? policy.refundPercent : null,
      refundCents: decision.allowed ? selfCancelRefundCents(money.paid, policy.refundPercent) : null,
    },
  };
}
