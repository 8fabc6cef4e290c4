import { and, eq, ne, sql } from "drizzle-orm";
import type { AdminReservation } from "../../contracts/admin";
import { formatVenueDateShort } from "../../domain/booking-form";
import type { Tx } from "../db/client";
import { holds, payments, reservations } from "../db/schema";
import { AppError } from "../errors";
import type { AppDeps, SessionUser } from "../kernel/deps";
import { ADMIN_MESSAGES } from "./admin-messages";
import { withManagerPassword } from "./manager-authorization";
import { isRefundable, loadAdminReservation } from "./reservation-dto";

type ReservationRow = typeof reservations.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  managerPassword: string,
): Promise<AdminReservation> {
  const before = await deps.db.query.reservations.findFirst({ where: eq(reservations.id, id) });
  if (!before) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.reservationNotFound);
  const target = {
    action: "refund_reservation" as const,
    targetType: "reservation" as const,
    targetId: id,
    targetLabel: `${before.customerName} · ${formatVenueDateShort(before.date)} ${before.startTime.slice(0, 5)}`,
  };
  return withManagerPassword(deps, actor, managerPassword, target, async (tx) => {
    const now = deps.now();
    // Lock order as in payment confirmation: the payment, then the reservation.
    const payment = await lockPayment(tx, before.paymentId);
    const [row] = await tx.select().from(reservations).where(eq(reservations.id, id)).for("update");
    if (!row) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.reservationNotFound);
    if (row.isRefunded) throw new AppError("CONFLICT", ADMIN_MESSAGES.alreadyRefunded);
    if (!isRefundable(row) || row.paymentId !== before.paymentId) {
      throw new AppError("VALIDATION", ADMIN_MESSAGES.notRefundable);
    }
    const refund = await refundThroughProvider(tx, deps, row, payment, now);
    await tx
      .update(reservations)
      .set({ isRefunded: true, status: "cancelled", cancelReason: null, updatedAt: now })
      .where(eq(reservations.id, id));
    return { result: (await loadAdminReservation(tx, id))!, details: refund };
  });
}

async function lockPayment(tx: Tx, paymentId: string | null): Promise<PaymentRow | null> {
  if (!paymentId || !UUID_RE.test(paymentId)) return null;
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
  return payment ?? null;
}

async function refundThroughProvider(
  tx: Tx,
  deps: AppDeps,
  row: ReservationRow,
  payment: PaymentRow | null,
  now: Date,
) {
  if (!payment) {
    if (deps.payments?.name === "test")
      return { provider: "none", amountCents: row.priceCents, recordOnly: true };
    throw new AppError("PAYMENT_PROVIDER", ADMIN_MESSAGES.refundFailed, { reason: "unknown_payment" });
  }
  const provider = deps.payments;
  if (!provider || provider.name !== payment.provider || !payment.providerPaymentId) {
    throw new AppError("PAYMENT_PROVIDER", ADMIN_MESSAGES.refundFailed, { reason: "provider_unavailable" });
  }
  const amountCents = await shareOfPayment(tx, payment, row);
  let refundId: string | null = null;
  if (amountCents > 0) {
    try {
      ({ refundId } = await provider.refund({
        providerPaymentId: payment.providerPaymentId,
        amountCents,
        idempotencyKey: `refund-reservation-${row.id}`,
      }));
    } catch (err) {
      deps.logger.error({ err, reservationId: row.id }, "refund failed at the payment provider");
      throw new AppError("PAYMENT_PROVIDER", ADMIN_MESSAGES.refundFailed);
    }
  }
  const refundedCents = payment.refundedCents + amountCents;
  await tx
    .update(payments)
    .set({
      refundedCents,
      state: refundedCents >= payment.amountCents ? "refunded" : payment.state,
      providerRefundId: refundId ?? payment.providerRefundId,
      updatedAt: now,
    })
    .where(eq(payments.id, payment.id));
  return { provider: payment.provider, amountCents, refundId };
}

/**
 * What this reservation paid: its price less its part of the hold's discount. The last reservation
 * of a payment to be refunded takes whatever is left, so the rounding never strands a cent.
 */
async function shareOfPayment(tx: Tx, payment: PaymentRow, row: ReservationRow): Promise<number> {
  const remaining = payment.amountCents - payment.refundedCents;
  const [others] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(reservations)
    .where(
      and(
        eq(reservations.paymentId, payment.id),
        ne(reservations.id, row.id),
        eq(reservations.isRefunded, false),
      ),
    );
  if ((others?.n ?? 0) === 0) return Math.max(0, remaining);
  const hold = payment.holdId
    ? await tx.query.holds.findFirst({ where: eq(holds.id, payment.holdId) })
    : null;
  const subtotal = hold?.subtotalCents ?? 0;
  const share = subtotal > 0 ? Math.round((row.priceCents * payment.amountCents) / subtotal) : row.priceCents;
  return Math.max(0, Math.min(share, remaining));
}
