import { eq, sql } from "drizzle-orm";
import { REFUND_MESSAGES, remainingCents } from "../../domain/refund-amounts";
import type { Tx } from "../db/client";
import { paymentRefunds, payments } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";
import type { PaymentProvider } from "../payment-provider";
import type { PaymentRow } from "./payment-rows";

/** Who and why, for the refund ledger (payment_refunds); the system's own refunds have no actor. */
export type RefundLedgerEntry = {
  actorUserId?: string | null;
  reservationId?: string | null;
  reason?: string | null;
};

/**
 * Books a refund that has happened (or, for a desk payment, is handed back at the desk): one
 * payment_refunds row, and the payments row's running total, "refunded" once all is back. The caller
 * holds the payment's row lock; more than remains is refused before anything moves. Exported for a
 * refund the provider made its own way (an extra membership's subscription cancelled and refunded,
 * one made in the provider's dashboard: record-provider-refund.ts). A provider refund id the ledger
 * already holds is not booked again (decision 043: the provider's event of our refund, or our retry
 * after that event booked it, adds nothing); false then, and the payment is left as it was. The
 * ledger row goes first and the unique index on provider_refund_id (migration 0032) decides: a
 * refund id booked by another transaction, or on another payment, is skipped rather than raised, so
 * a webhook answers instead of failing into the provider's retries.
 */
export async function recordRefund(
  tx: Tx,
  payment: PaymentRow,
  input: {
    amountCents: number;
    refundId: string | null;
    idempotencyKey: string;
    now: Date;
    ledger?: RefundLedgerEntry;
  },
): Promise<boolean> {
  if (input.amountCents > 0) {
    const booked = await tx
      .insert(paymentRefunds)
      .values({
        paymentId: payment.id,
        reservationId: input.ledger?.reservationId ?? null,
        amountCents: input.amountCents,
        actorUserId: input.ledger?.actorUserId ?? null,
        reason: input.ledger?.reason ?? null,
        providerRefundId: input.refundId,
        idempotencyKey: input.idempotencyKey,
        createdAt: input.now,
      })
      .onConflictDoNothing({
        target: paymentRefunds.providerRefundId,
        where: sql`${paymentRefunds.providerRefundId} is not null`,
      })
      .returning({ id: paymentRefunds.id });
    if (booked.length === 0) return false;
  }
  const refundedCents = payment.refundedCents + input.amountCents;
  await tx
    .update(payments)
    .set({
      refundedCents,
      state: refundedCents >= payment.amountCents ? "refunded" : payment.state,
      providerRefundId: input.refundId ?? payment.providerRefundId,
      updatedAt: input.now,
    })
    .where(eq(payments.id, payment.id));
  return true;
}

const refuseOverRefund = (payment: PaymentRow, amountCents: number) => {
  if (amountCents > remainingCents(payment)) {
    throw new AppError("CONFLICT", REFUND_MESSAGES.tooMuch(remainingCents(payment)));
  }
};

/**
 * The one way money goes back (DECISIONS.md: refunds go through the provider with an idempotency
 * key, so a repeated click or a retried webhook never refunds twice). Nothing is sent for 0 cents.
 * The payments row adds the amount to refunded_cents and becomes "refunded" once all is back; the
 * ledger (payment_refunds) gets one row per refund.
 * Call it last in the transaction: a failure rolls the rest back and a retry reuses the key.
 */
export async function refundThroughProvider(
  tx: Tx,
  provider: PaymentProvider,
  payment: PaymentRow,
  input: {
    providerPaymentId: string;
    amountCents: number;
    idempotencyKey: string;
    now: Date;
    /** What a refusal by the provider becomes; by default it propagates (a webhook is retried). */
    onProviderError?: (err: unknown) => never;
    ledger?: RefundLedgerEntry;
  },
): Promise<{ refundId: string | null }> {
  refuseOverRefund(payment, input.amountCents);
  let refundId: string | null = null;
  if (input.amountCents > 0) {
    try {
      ({ refundId } = await provider.refund({
        providerPaymentId: input.providerPaymentId,
        amountCents: input.amountCents,
        idempotencyKey: input.idempotencyKey,
      }));
    } catch (err) {
      if (input.onProviderError) input.onProviderError(err);
      throw err;
    }
  }
  await recordRefund(tx, payment, { ...input, refundId });
  return { refundId };
}

export type StaffRefundDetails =
  | { provider: string; amountCents: number; refundId: string | null }
  | { provider: "none"; amountCents: number; recordOnly: true };

/**
 * A refund a staff member asked for (SPEC §4 Refund, behind the manager password), with the
 * provider failures mapped to the purpose's own message. Seeded demo bookings carry payment ids
 * that no provider knows: with the built-in test checkout they are refunded on the record only;
 * with Stripe they are refused rather than marked refunded without money moving (issue 6).
 * A desk payment (issue 32) is handed back at the desk: it is booked in the ledger, no provider.
 */
export async function refundForStaff(
  tx: Tx,
  deps: AppDeps,
  input: {
    payment: PaymentRow | null;
    /** What the record-only refund of a demo booking reports. */
    priceCents: number;
    /** What goes back, from the locked payment row. */
    amountCents: (payment: PaymentRow) => Promise<number> | number;
    idempotencyKey: string;
    failureMessage: string;
    logContext: Record<string, unknown>;
    ledger?: RefundLedgerEntry;
  },
): Promise<StaffRefundDetails> {
  const { payment } = input;
  if (!payment) {
    if (deps.payments?.name === "test")
      return { provider: "none", amountCents: input.priceCents, recordOnly: true };
    throw new AppError("PAYMENT_PROVIDER", input.failureMessage, { reason: "unknown_payment" });
  }
  if (payment.provider === "desk") {
    const amountCents = await input.amountCents(payment);
    refuseOverRefund(payment, amountCents);
    await recordRefund(tx, payment, {
      amountCents,
      refundId: null,
      idempotencyKey: input.idempotencyKey,
      now: deps.now(),
      ...(input.ledger ? { ledger: input.ledger } : {}),
    });
    return { provider: "desk", amountCents, refundId: null };
  }
  const provider = deps.payments;
  if (!provider || provider.name !== payment.provider || !payment.providerPaymentId) {
    throw new AppError("PAYMENT_PROVIDER", input.failureMessage, { reason: "provider_unavailable" });
  }
  const amountCents = await input.amountCents(payment);
  const { refundId } = await refundThroughProvider(tx, provider, payment, {
    providerPaymentId: payment.providerPaymentId,
    amountCents,
    idempotencyKey: input.idempotencyKey,
    now: deps.now(),
    onProviderError: (err) => {
      deps.logger.error({ err, ...input.logContext }, "refund failed at the payment provider");
      throw new AppError("PAYMENT_PROVIDER", input.failureMessage);
    },
    ...(input.ledger ? { ledger: input.ledger } : {}),
  });
  return { provider: payment.provider, amountCents, refundId };
}
