import { asc, eq } from "drizzle-orm";
import type { RefundQuoteResponse } from "../../contracts/desk-payments";
import { remainingCents } from "../../domain/refund-amounts";
import { formatTimeRange } from "../../domain/venue-time";
import { courts, dartBays, payments, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";
import { isUuid } from "../lib/ids";
import { reservationShareOfPayment } from "../payments/reservation-share";
import { ADMIN_MESSAGES } from "./admin-messages";

const hhmm = (t: string) => t.slice(0, 5);

/**
 * Issue 32 item 5: what the refund dialog shows before staff confirm — what the payment took, what
 * was refunded so far, what remains, this reservation's share, and every item of the same checkout.
 * The same computation the refund runs (reservationShareOfPayment), in a read-only transaction.
 */
export async function getRefundQuote(deps: AppDeps, id: string): Promise<RefundQuoteResponse> {
  return deps.db.transaction(async (tx) => {
    const row = await tx.query.reservations.findFirst({ where: eq(reservations.id, id) });
    if (!row) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.reservationNotFound);
    const payment =
      row.paymentId && isUuid(row.paymentId)
        ? await tx.query.payments.findFirst({ where: eq(payments.id, row.paymentId) })
        : undefined;
    const items = await tx
      .select({ row: reservations, courtName: courts.name, dartBayName: dartBays.name })
      .from(reservations)
      .leftJoin(courts, eq(courts.id, reservations.courtId))
      .leftJoin(dartBays, eq(dartBays.id, reservations.dartBayId))
      .where(payment ? eq(reservations.paymentId, payment.id) : eq(reservations.id, id))
      .orderBy(asc(reservations.date), asc(reservations.startTime));
    const paidCents = payment?.amountCents ?? row.priceCents;
    const refundedCents = payment?.refundedCents ?? (row.isRefunded ? row.priceCents : 0);
    const left = payment ? remainingCents(payment) : paidCents - refundedCents;
    const share = payment && !row.isRefunded ? await reservationShareOfPayment(tx, payment, row) : 0;
    return {
      reservationId: row.id,
      paidCents,
      refundedCents,
      remainingCents: left,
      reservationCents: payment ? share : row.isRefunded ? 0 : row.priceCents,
      method: payment
        ? payment.method === "online"
          ? "online"
          : payment.method === "cash"
            ? "cash"
            : "desk_card"
        : null,
      hasPayment: Boolean(payment),
      items: items.map(({ row: r, courtName, dartBayName }) => ({
        id: r.id,
        facilityName: courtName ?? dartBayName ?? "",
        date: r.date,
        displayTime: formatTimeRange(hhmm(r.startTime), hhmm(r.endTime)),
        priceCents: r.priceCents,
        isRefunded: r.isRefunded,
        status: r.status === "confirmed" ? "confirmed" : r.status === "cancelled" ? "cancelled" : "pending",
      })),
    };
  });
}
