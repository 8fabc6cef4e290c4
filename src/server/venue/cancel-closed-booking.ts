import { eq } from "drizzle-orm";
import type { Tx } from "../db/client";
import { reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { lockPaymentById } from "../payments/payment-rows";
import { refundForStaff } from "../payments/refund-payment";
import { reservationShareOfPayment } from "../payments/reservation-share";
import type { ReservationRow } from "./closure-impact";

/** Where the customer's money was, so the email says where it comes back (closure-change.ts). */
export type PaidWhere = "online" | "desk" | null;

export type Cancelled = { row: ReservationRow; kind: "cancelled"; refundCents: number; paidWhere: PaidWhere };

const REFUND_REFUSED =
  "The payment provider refused a refund; nothing was changed. Try again, or keep the bookings.";

/**
 * Issue 31 item 3 (decision 029): a booking inside a closure, cancelled with a full refund of what it
 * paid — through the same spine function, key, share and ledger entry as the staff refund dialog
 * (admin/refund-reservation.ts): refundForStaff with "refund-reservation-<id>" and this booking's
 * share of its payment, the ledger row naming the staff member, the booking and the closure's reason.
 * A card paid online goes back through the provider; money taken at the desk (decision 035) is
 * booked in the ledger and handed back at the desk. A booking marked paid at the desk before desk
 * payments were recorded has no payment to refund: it is cancelled, and the email sends the customer
 * to the desk. The caller holds the payment's row lock, taken before the reservation's (lock-closure-payments.ts).
 */
export async function cancelClosedBooking(
  tx: Tx,
  deps: AppDeps,
  row: ReservationRow,
  who: { actorUserId: string; reason: string },
): Promise<Cancelled> {
  const now = deps.now();
  const paidOnline =
    row.status === "confirmed" &&
    row.paymentId !== null &&
    row.paymentStatus === "paid" &&
    !row.isAdminCreated;
  const paidAtDesk = row.status === "confirmed" && row.isAdminCreated && row.manualPaymentStatus === "paid";
  const payment = paidOnline || paidAtDesk ? await lockPaymentById(tx, row.paymentId) : null;
  // A desk booking's payment id is its desk payment's; one without a recorded payment has nothing to refund.
  const refundable = !row.isRefunded && (paidOnline || payment?.provider === "desk");
  let refundCents = 0;
  if (refundable) {
    const refund = await refundForStaff(tx, deps, {
      payment,
      priceCents: row.priceCents,
      amountCents: (locked) => reservationShareOfPayment(tx, locked, row),
      idempotencyKey: `refund-reservation-${row.id}`,
      failureMessage: REFUND_REFUSED,
      logContext: { reservationId: row.id, closure: true },
      ledger: { actorUserId: who.actorUserId, reservationId: row.id, reason: `Closure: ${who.reason}` },
    });
    refundCents = refund.amountCents;
  }
  await tx
    .update(reservations)
    .set({
      status: "cancelled",
      isRefunded: refundCents > 0 || row.isRefunded,
      cancelReason: row.status === "pending" ? "hold_cancelled" : null,
      updatedAt: now,
    })
    .where(eq(reservations.id, row.id));
  // A desk payment already given back in full has nothing left to say; one never recorded sends
  // the customer to the desk.
  const paidWhere: PaidWhere = paidAtDesk
    ? payment?.provider === "desk" && refundCents === 0
      ? null
      : "desk"
    : paidOnline && !row.isRefunded
      ? "online"
      : null;
  return { row, kind: "cancelled", refundCents, paidWhere };
}
