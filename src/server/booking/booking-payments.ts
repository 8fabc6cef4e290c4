import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { holds, payments, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";
import type { PaymentRow } from "../payments/payment-rows";
import { refundThroughProvider } from "../payments/refund-payment";

/**
 * The money of one booking (a paid hold): the payment its items were paid with, and the payment
 * of each difference a dearer move asked for (issue 30 item 1: holds with `reschedule_of` one of
 * its items, purpose "reschedule"). Only payments that took money; oldest first. With `lock`, the
 * rows are locked for a refund.
 */
export async function bookingPayments(
  executor: Db | Tx,
  holdId: string,
  options: { lock?: boolean } = {},
): Promise<PaymentRow[]> {
  const items = executor
    .select({ id: reservations.id })
    .from(reservations)
    .where(eq(reservations.holdId, holdId));
  const paidWith = executor
    .select({ id: reservations.paymentId })
    .from(reservations)
    .where(eq(reservations.holdId, holdId));
  const moves = executor.select({ id: holds.id }).from(holds).where(inArray(holds.rescheduleOf, items));
  const query = executor
    .select()
    .from(payments)
    .where(
      and(
        inArray(payments.state, ["completed", "refunded"]),
        or(
          // reservations.payment_id is text (a provider's id in old demo rows).
          sql`${payments.id}::text in (${paidWith})`,
          and(eq(payments.purpose, "reschedule"), inArray(payments.reference, moves)),
        ),
      ),
    )
    .orderBy(asc(payments.createdAt), asc(payments.id));
  return options.lock ? query.for("update") : query;
}

export const remainingCents = (p: PaymentRow) => Math.max(0, p.amountCents - p.refundedCents);

/**
 * Gives `amountCents` back across the booking's payments, the newest first (a move's difference
 * before the booking's own payment), each refund through the spine with its own key
 * (`${keyPrefix}-${payment id}`, stable for a retry of the same change). Call it last in the
 * transaction; `failure` is the message a refusal by the provider answers with.
 */
export async function refundAcrossPayments(
  tx: Tx,
  deps: AppDeps,
  input: { payments: PaymentRow[]; amountCents: number; keyPrefix: string; failure: string; now: Date },
): Promise<void> {
  let left = input.amountCents;
  for (const payment of [...input.payments].reverse()) {
    if (left <= 0) break;
    const amount = Math.min(left, remainingCents(payment));
    if (amount <= 0) continue;
    await refundOne(tx, deps, payment, amount, `${input.keyPrefix}-${payment.id}`, input.failure, input.now);
    left -= amount;
  }
}

/** One refund through the spine, with the provider's refusal turned into `failure` (a 502). */
export async function refundOne(
  tx: Tx,
  deps: AppDeps,
  payment: PaymentRow,
  amountCents: number,
  idempotencyKey: string,
  failure: string,
  now: Date,
): Promise<void> {
  const provider = deps.payments;
  if (!provider || provider.name !== payment.provider || !payment.providerPaymentId) {
    throw new AppError("PAYMENT_PROVIDER", failure);
  }
  await refundThroughProvider(tx, provider, payment, {
    providerPaymentId: payment.providerPaymentId,
    amountCents,
    idempotencyKey,
    now,
    onProviderError: (err) => {
      deps.logger.error({ err, paymentId: payment.id }, "refund failed at the payment provider");
      throw new AppError("PAYMENT_PROVIDER", failure);
    },
  });
}
