import { eq } from "drizzle-orm";
import type { HoldItem } from "../../contracts/booking-holds";
import type { BookingView } from "../../contracts/manage";
import { mapUrlFor } from "../../domain/map-link";
import {
  bookingReference,
  type SelfServicePolicy,
  selfCancelDecision,
  selfCancelRefundCents,
  selfServiceText,
} from "../../domain/self-service-policy";
import { venueInstant } from "../../domain/venue-time";
import type { Db, Tx } from "../db/client";
import { couponCodes, reservations } from "../db/schema";
import { referenceQrSvg } from "../email/reference-qr";
import type { VenueIdentity } from "../settings/venue-settings";
import { isPhoneProven } from "../sms/phone-proof";
import { bookingPayments, remainingCents } from "./booking-payments";
import { type HoldRow, loadHoldItems } from "./hold-summary";
import { loadPendingMove } from "./reschedule-difference";

/** The first start among the booking's confirmed items: the policy's deadline counts back from it. */
export function firstConfirmedStart(items: HoldItem[]): Date | null {
  const starts = items
    .filter((i) => i.status === "confirmed")
    .map((i) => venueInstant(i.date, i.startTime).getTime());
  return starts.length > 0 ? new Date(Math.min(...starts)) : null;
}

/** What the booking's payments still hold (paid less refunded), and what was refunded. */
export async function paidRemainingCents(
  executor: Db | Tx,
  hold: HoldRow,
): Promise<{ paid: number; refunded: number; differencesPaid: number }> {
  const paid = await bookingPayments(executor, hold.id);
  return {
    paid: paid.reduce((sum, p) => sum + remainingCents(p), 0),
    refunded: paid.reduce((sum, p) => sum + p.refundedCents, 0),
    // Issue 30 item 1: what dearer moves added to what the booking was sold at.
    differencesPaid: paid
      .filter((p) => p.purpose === "reschedule")
      .reduce((sum, p) => sum + p.amountCents, 0),
  };
}

/** The booking as the customer sees it on /success and the manage page. */
export async function loadBookingView(
  executor: Db | Tx,
  input: { hold: HoldRow; venue: VenueIdentity; policy: SelfServicePolicy; now: Date },
): Promise<BookingView> {
  const { hold, venue, policy, now } = input;
  const items = await loadHoldItems(executor, hold.id);
  const [customer] = await executor
    .select({
      name: reservations.customerName,
      email: reservations.customerEmail,
      phone: reservations.customerPhone,
      wantsSms: reservations.wantsSmsReminders,
    })
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
  const reference = bookingReference(hold.id);
  return {
    reference,
    status,
    customerName: customer?.name ?? "",
    items,
    subtotalCents: hold.subtotalCents + money.differencesPaid,
    discountCents: hold.discountCents,
    couponCode: coupon?.code ?? null,
    totalCents: hold.totalCents + money.differencesPaid,
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
    checkInQrSvg: status === "confirmed" ? await referenceQrSvg(reference) : null,
    pendingMove: status === "confirmed" ? await loadPendingMove(executor, items, now) : null,
    textReminders: await textRemindersOf(executor, customer),
  };
}

/**
 * Issue 30 item 2: reminders text only a phone proven for the booking's email
 * (send-due-reminders.ts), so the booking says whether its texts wait for that proof.
 */
async function textRemindersOf(
  executor: Db | Tx,
  customer: { email: string | null; phone: string | null; wantsSms: boolean } | undefined,
): Promise<BookingView["textReminders"]> {
  if (!customer?.wantsSms || !customer.phone || !customer.email)
    return { state: "off", phone: null, email: null };
  const proven = await isPhoneProven(executor, customer.phone, customer.email);
  return { state: proven ? "on" : "needs_code", phone: customer.phone, email: customer.email };
}
