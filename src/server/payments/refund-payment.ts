import { eq } from "drizzle-orm";
import type { Tx } from "../db/client";
import { payments } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";
import type { PaymentProvider } from "../payment-provider";
import type { PaymentRow } from "./payment-rows";

/**
 * The one way money goes back (DECISIONS.md: refunds go through the provider with an idempotency
 * key, so a repeated click or a retried webhook never refunds twice). Nothing is sent for 0 cents.
 * The payments row adds the amount to refunded_cents and becomes "refunded" once all is back.
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
  },
): Promise<{ refundId: string | null }> {
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
  const refundedCents = payment.refundedCents + input.amountCents;
  await tx
    .update(payments)
    .set({
      refundedCents,
      state: refundedCents >= payment.amountCents ? "refunded" : payment.state,
      providerRefundId: refundId ?? payment.providerRefundId,
      updatedAt: input.now,
    })
    .where(eq(payments.id, payment.id));
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
  },
): Promise<StaffRefundDetails> {
  const { payment } = input;
  if (!payment) {
    if (deps.payments?.name === "test")
      return { provider: "none", amountCents: input.priceCents, recordOnly: true };
    throw new AppError("PAYMENT_PROVIDER", input.failureMessage, { reason: "unknown_payment" });
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
  });
  return { provider: payment.provider, amountCents, refundId };
}
