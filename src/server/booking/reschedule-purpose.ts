import { and, eq } from "drizzle-orm";
import { MANAGE_RETURN_PATH } from "../../contracts/manage";
import { formatVenueDateShort } from "../../domain/booking-form";
import { formatCents } from "../../domain/money";
import { rescheduleMoney } from "../../domain/reschedule-price";
import { bookingReference } from "../../domain/self-service-policy";
import { formatTime12 } from "../../domain/venue-time";
import type { Tx } from "../db/client";
import { holds, reservations, type StoredCheckout } from "../db/schema";
import type { AppDeps } from "../deps";
import { emailLayout } from "../email/layout";
import { escapeHtml } from "../lib/escape-html";
import type { CheckoutPurpose, Fulfilment, PaidCheckout } from "../payments/checkout-purpose";
import { loadSelfServicePolicy } from "../settings/self-service-policy";
import { afterCourtBookingExpired } from "./confirm-payment";
import { loadHoldItems } from "./hold-summary";
import { manageLinkPath, mintManageLink } from "./manage-links";
import { moveBookedItem } from "./move-booked-item";

/**
 * The difference of a move to a dearer time, paid online (payments.purpose "reschedule"; issue 30
 * item 1). Its hold (`reschedule_of` the booked item) keeps the new time while the customer pays;
 * paid, the item moves there at the new price (move-booked-item.ts: audit and email with the
 * amounts). When the move can no longer be made (the item was cancelled or changed meanwhile, or
 * the new time was taken after the hold ended), the customer is told and the spine refunds the
 * difference in full. Unpaid, its hold ends like any hold and the booking stays as it was.
 */
async function fulfilMove(tx: Tx, deps: AppDeps, paid: PaidCheckout): Promise<Fulfilment> {
  const { payment, venue, now } = paid;
  const [move] = await tx
    .select()
    .from(holds)
    .where(eq(holds.id, payment.reference as string))
    .for("update");
  if (!move?.rescheduleOf) throw new Error(`payment ${payment.id} refers to no move`);
  const [held] = await tx.select().from(reservations).where(eq(reservations.holdId, move.id)).limit(1);
  const [item] = await tx
    .select()
    .from(reservations)
    .where(eq(reservations.id, move.rescheduleOf))
    .for("update");
  const refund = {
    beforeRefund: async () => {
      if (item?.customerEmail) await emailMoveRefunded(tx, deps, paid, item, held);
      return { moveHoldId: move.id };
    },
  };
  const unchanged =
    item?.status === "confirmed" &&
    item.holdId !== null &&
    held !== undefined &&
    move.status !== "paid" &&
    payment.amountCents === move.totalCents &&
    item.priceCents + move.totalCents === held.priceCents;
  if (!unchanged || !item?.holdId || !held) return refund;
  const [booking] = await tx.select().from(holds).where(eq(holds.id, item.holdId));
  const before = (await loadHoldItems(tx, item.holdId)).find((i) => i.reservationId === item.id);
  if (!booking || !before) return refund;

  // The held time is given up and the item takes it, in one transaction.
  await tx.update(holds).set({ status: "paid", updatedAt: now }).where(eq(holds.id, move.id));
  await tx
    .update(reservations)
    .set({ status: "cancelled", cancelReason: "hold_cancelled", updatedAt: now })
    .where(and(eq(reservations.id, held.id), eq(reservations.status, "pending")));
  const policy = await loadSelfServicePolicy(tx);
  const link = await mintManageLink(tx, booking.id, await loadHoldItems(tx, booking.id), now);
  const moved = await moveBookedItem(tx, deps, {
    hold: booking,
    before,
    target: {
      date: held.date,
      startTime: held.startTime.slice(0, 5),
      endTime: held.endTime.slice(0, 5),
      facilityId: (held.courtId ?? held.dartBayId) as number,
    },
    money: rescheduleMoney({
      priceBeforeCents: item.priceCents,
      priceAfterCents: held.priceCents,
      refundPercent: policy.refundPercent,
      refundableCents: 0,
    }),
    customer: { name: item.customerName, email: item.customerEmail },
    actorUserId: null,
    venue,
    now,
    manageUrl: `${deps.config.publicUrl}${manageLinkPath(link.token)}`,
  });
  return moved ? "confirmed" : refund;
}

type ReservationRow = typeof reservations.$inferSelect;

async function emailMoveRefunded(
  tx: Tx,
  deps: AppDeps,
  paid: PaidCheckout,
  item: ReservationRow,
  held: ReservationRow | undefined,
) {
  const { venue, payment } = paid;
  const greeting = item.customerName ? `Hi ${item.customerName},` : "Hi,";
  const to = held
    ? ` to ${formatVenueDateShort(held.date)} at ${formatTime12(held.startTime.slice(0, 5))}`
    : "";
  const body = `We could not move your booking ${item.holdId ? bookingReference(item.holdId) : ""}${to}: the time is no longer available or the booking changed meanwhile. Your booking is as it was, and the ${formatCents(payment.amountCents)} you paid for the difference is refunded in full.`;
  await deps.outbox.enqueue(tx, {
    to: item.customerEmail as string,
    subject: `Your booking at ${venue.venueName} was not moved: refund of ${formatCents(payment.amountCents)}`,
    text: `${greeting}\n\n${body}\n\nQuestions? Call us at ${venue.phone}.\n\n${venue.venueName}`,
    html: emailLayout(
      venue.venueName,
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p>Questions? Call us at ${escapeHtml(venue.phone)}.</p>`,
    ),
    dedupeKey: `move-refund-${payment.id}`,
  });
}

/** payments.purpose of a move's difference; payments.reference is the move's hold. */
export const RESCHEDULE = "reschedule";

export const reschedulePurpose: CheckoutPurpose = {
  purpose: RESCHEDULE,
  owns: (payment) => payment.reference !== null,
  fulfil: fulfilMove,
  // Unpaid: the move's hold ends when its time is up, as a booking's does.
  afterExpired: afterCourtBookingExpired,
  testCheckout: {
    expired: "The time held for your move has ended. Your booking is unchanged.",
    back: "Back to your booking",
  },
};

/**
 * Its checkout: the difference as one line. The customer comes back to their booking by
 * /manage/return, which finds the manage link the tab kept (the link's token is never stored in
 * clear, here or anywhere).
 */
export function rescheduleCheckout(input: {
  lineItem: { name: string; description: string; amountCents: number };
  moveHoldId: string;
  customerEmail: string | null;
}): StoredCheckout {
  return {
    mode: "payment",
    lineItems: [input.lineItem],
    discountCents: 0,
    couponCode: null,
    customerEmail: input.customerEmail,
    metadata: { holdId: input.moveHoldId },
    recurring: null,
    successPath: MANAGE_RETURN_PATH,
    cancelPath: MANAGE_RETURN_PATH,
    backPath: MANAGE_RETURN_PATH,
  };
}
