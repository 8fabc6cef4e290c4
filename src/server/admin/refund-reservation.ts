import { eq } from "drizzle-orm";
import type { AdminReservation, RefundRequest } from "../../contracts/admin";
import { formatVenueDateShort } from "../../domain/booking-form";
import type { SessionUser } from "../auth/session-user";
import { reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { withManagerPassword } from "../kernel/staff/manager-authorization";
import { AppError } from "../lib/errors";
import { present } from "../lib/present";
import { lockPaymentById } from "../payments/payment-rows";
import { refundForStaff } from "../payments/refund-payment";
import { reservationShareOfPayment } from "../payments/reservation-share";
import { loadVenueIdentity } from "../settings/venue-settings";
import { ADMIN_MESSAGES } from "./admin-messages";
import { refundAuditDetails } from "./refund-audit";
import { refundPaymentPart } from "./refund-payment-part";
import { queueReservationChangeEmail } from "./reservation-change-email";
import { isRefundable, loadAdminReservation } from "./reservation-dto";

/**
 * SPEC §4 Refund and §7 refund_reservation, behind the manager password (audit-logged either way).
 * The reservation row is locked, so two clicks refund once: the second finds it refunded (409).
 * The money goes back through the payment provider with the idempotency key
 * "refund-reservation-<id>" (DECISIONS.md), for this reservation's share of what was paid; then the
 * reservation is marked refunded and cancelled, which frees its time.
 *
 * Seeded demo bookings carry payment ids ("demo_payment_N") that no provider knows. With the
 * built-in test checkout they are refunded on the record only; with Stripe they are refused rather
 * than marked refunded without money moving (a staff-operations decision, issue 6).
 */
export async function refundReservation(
  deps: AppDeps,
  actor: SessionUser,
  id: string,
  request: RefundRequest,
): Promise<AdminReservation> {
  const { managerPassword } = request;
  if (request.scope === "booking" || request.scope === "amount") {
    return refundPaymentPart(deps, actor, id, { ...request, scope: request.scope });
  }
  const before = await deps.db.query.reservations.findFirst({ where: eq(reservations.id, id) });
  if (!before) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.reservationNotFound);
  const target = {
    action: "refund_reservation" as const,
    targetType: "reservation" as const,
    targetId: id,
    targetLabel: `${before.customerName} · ${formatVenueDateShort(before.date)} ${before.startTime.slice(0, 5)}`,
  };
  const venue = await loadVenueIdentity(deps.db, deps.config);
  const refunded = await withManagerPassword(deps, actor, managerPassword, target, async (tx) => {
    const now = deps.now();
    // Lock order as in payment confirmation: the payment, then the reservation.
    const payment = await lockPaymentById(tx, before.paymentId);
    const [row] = await tx.select().from(reservations).where(eq(reservations.id, id)).for("update");
    if (!row) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.reservationNotFound);
    if (row.isRefunded) throw new AppError("CONFLICT", ADMIN_MESSAGES.alreadyRefunded);
    if (!isRefundable(row, payment) || row.paymentId !== before.paymentId) {
      throw new AppError("VALIDATION", ADMIN_MESSAGES.notRefundable);
    }
    const refund = await refundForStaff(tx, deps, {
      payment,
      priceCents: row.priceCents,
      amountCents: (locked) => reservationShareOfPayment(tx, locked, row),
      idempotencyKey: `refund-reservation-${row.id}`,
      failureMessage: ADMIN_MESSAGES.refundFailed,
      logContext: { reservationId: row.id },
      ledger: { actorUserId: actor.id, reservationId: row.id, reason: request.reason ?? null },
    });
    await tx
      .update(reservations)
      .set({ isRefunded: true, status: "cancelled", cancelReason: null, updatedAt: now })
      .where(eq(reservations.id, id));
    const result = present(await loadAdminReservation(tx, id));
    // Issue 14: the customer hears how much came back (once: the refund happens once).
    await queueReservationChangeEmail(deps, tx, {
      venue,
      reservation: result,
      change: { kind: "refunded", amountCents: refund.amountCents, atDesk: payment?.provider === "desk" },
      dedupeKey: `reservation-refunded-${id}`,
    });
    return { result, details: refundAuditDetails("reservation", payment, refund) };
  });
  await deps.schedule.changed();
  return refunded;
}
