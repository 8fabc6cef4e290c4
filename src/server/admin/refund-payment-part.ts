import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { AdminReservation, RefundRequest } from "../../contracts/admin";
import { formatVenueDateShort } from "../../domain/booking-form";
import { partialRefundError, REFUND_MESSAGES, remainingCents } from "../../domain/refund-amounts";
import type { SessionUser } from "../auth/session-user";
import { paymentRefunds, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { withManagerPassword } from "../kernel/staff/manager-authorization";
import { AppError } from "../lib/errors";
import { isUuid } from "../lib/ids";
import { present } from "../lib/present";
import { lockPaymentById } from "../payments/payment-rows";
import { refundForStaff } from "../payments/refund-payment";
import { loadVenueIdentity } from "../settings/venue-settings";
import { ADMIN_MESSAGES } from "./admin-messages";
import { refundAuditDetails } from "./refund-audit";
import { queueReservationChangeEmail } from "./reservation-change-email";
import { loadAdminReservation } from "./reservation-dto";

type PartRequest = RefundRequest & { scope: "booking" | "amount" };

/**
 * Issue 32 item 5: a refund of the payment behind a reservation rather than of the reservation
 * alone — every item of its checkout at once ("booking": what remains goes back and every confirmed
 * item is cancelled), or an amount staff type ("amount": the booking stays). The payment's row is
 * locked first, so parallel refunds queue and each sees what the one before left: never more back
 * than was paid (and the payments_refund_within_amount_check constraint as the last word).
 * A repeated request with the same requestId refunds once (the ledger holds its idempotency key).
 */
export async function refundPaymentPart(
  deps: AppDeps,
  actor: SessionUser,
  id: string,
  request: PartRequest,
): Promise<AdminReservation> {
  const before = await deps.db.query.reservations.findFirst({ where: eq(reservations.id, id) });
  if (!before) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.reservationNotFound);
  if (request.scope === "amount" && request.amountCents === undefined) {
    throw new AppError("VALIDATION", REFUND_MESSAGES.amount);
  }
  if (!before.paymentId || !isUuid(before.paymentId)) {
    throw new AppError("VALIDATION", REFUND_MESSAGES.noPayment);
  }
  const paymentId = before.paymentId;
  const target = {
    action: "refund_reservation" as const,
    targetType: "reservation" as const,
    targetId: id,
    targetLabel: `${before.customerName} · ${formatVenueDateShort(before.date)} ${before.startTime.slice(0, 5)}`,
  };
  const venue = await loadVenueIdentity(deps.db, deps.config);
  const key =
    request.scope === "booking"
      ? `refund-booking-${paymentId}`
      : `refund-amount-${paymentId}-${request.requestId ?? randomUUID()}`;

  const refunded = await withManagerPassword(deps, actor, request.managerPassword, target, async (tx) => {
    const payment = await lockPaymentById(tx, paymentId);
    if (!payment) throw new AppError("VALIDATION", REFUND_MESSAGES.noPayment);
    const items = await tx
      .select()
      .from(reservations)
      .where(eq(reservations.paymentId, paymentId))
      .orderBy(asc(reservations.date), asc(reservations.startTime))
      .for("update");
    const row = items.find((r) => r.id === id);
    if (row?.status !== "confirmed") throw new AppError("VALIDATION", ADMIN_MESSAGES.notRefundable);
    // The same request again (a retry, a double click): it was done once; answer as then.
    const [done] = await tx
      .select({ amountCents: paymentRefunds.amountCents })
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.idempotencyKey, key)));
    if (done && request.scope === "amount") {
      return {
        result: present(await loadAdminReservation(tx, id)),
        details: { scope: request.scope, replayed: true, amountCents: done.amountCents },
      };
    }
    let amountCents: number;
    if (request.scope === "amount") {
      const error = partialRefundError(request.amountCents, payment);
      if (error) throw new AppError("VALIDATION", error);
      amountCents = present(request.amountCents);
    } else {
      amountCents = remainingCents(payment);
      if (amountCents <= 0) throw new AppError("VALIDATION", REFUND_MESSAGES.nothingLeft);
    }
    const refund = await refundForStaff(tx, deps, {
      payment,
      priceCents: amountCents,
      amountCents: () => amountCents,
      idempotencyKey: key,
      failureMessage: ADMIN_MESSAGES.refundFailed,
      logContext: { reservationId: id, scope: request.scope },
      ledger: {
        actorUserId: actor.id,
        reservationId: request.scope === "amount" ? id : null,
        reason: request.reason ?? null,
      },
    });
    const atDesk = payment.provider === "desk";
    let cancelled: string[] = [];
    if (request.scope === "booking") {
      cancelled = items.filter((r) => r.status === "confirmed" && !r.isRefunded).map((r) => r.id);
      await tx
        .update(reservations)
        .set({ isRefunded: true, status: "cancelled", cancelReason: null, updatedAt: deps.now() })
        .where(inArray(reservations.id, cancelled));
    }
    const result = present(await loadAdminReservation(tx, id));
    await queueReservationChangeEmail(deps, tx, {
      venue,
      reservation: result,
      change:
        request.scope === "booking"
          ? { kind: "refunded", amountCents, atDesk, items: cancelled.length }
          : { kind: "partially_refunded", amountCents, paidCents: payment.amountCents, atDesk },
      dedupeKey: `reservation-refund-${key}`,
    });
    return {
      result,
      details: refundAuditDetails(request.scope, payment, refund, {
        items: request.scope === "booking" ? cancelled : [id],
      }),
    };
  });
  if (request.scope === "booking") await deps.schedule.changed();
  return refunded;
}
