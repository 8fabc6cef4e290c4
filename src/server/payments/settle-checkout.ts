import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { payments } from "../db/schema";
import type { AppDeps } from "../deps";
import { loadVenueIdentity } from "../settings/venue-settings";
import type { CheckoutPurpose } from "./checkout-purpose";
import { requireProvider } from "./payment-rows";
import { recordEventAndLockPayment } from "./record-and-lock";
import { refundThroughProvider } from "./refund-payment";
import type { WebhookOutcome } from "./webhook-inbox";

/**
 * checkout.session.completed (and async_payment_succeeded) for a one-off payment — the only place a
 * paid booking or registration becomes confirmed (DECISIONS.md). One transaction: the event id is
 * recorded and the payment row locked in its first statement (a repeat finds the event and changes
 * nothing; record-and-lock.ts), the payment only moves
 * from created/expired to completed or refunded, then the purpose fulfils it. When it cannot (the
 * place was taken after the hold ended, the amount changed, it was already paid by another session),
 * the purpose tidies up and tells the customer, and the money goes back through the provider with
 * the idempotency key refund-<paymentId>. Any failure rolls everything back and answers non-2xx, so
 * the provider retries.
 */
export async function settlePaidCheckout(
  deps: AppDeps,
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
  purpose: CheckoutPurpose,
): Promise<WebhookOutcome> {
  const provider = requireProvider(deps);
  const prepared = await purpose.prepare?.(deps, session);
  const now = deps.now();
  const venue = await loadVenueIdentity(deps.db, deps.config);
  return deps.db.transaction(async (tx) => {
    const { fresh, payment } = await recordEventAndLockPayment(tx, provider.name, event, session, {
      purpose: purpose.purpose,
      now,
    });
    if (!fresh) return "duplicate";
    if (!payment || (purpose.owns && !purpose.owns(payment))) {
      deps.logger.warn(
        { sessionId: session.id, eventId: event.id },
        "webhook for an unknown checkout session",
      );
      return "ignored";
    }
    if (payment.state === "completed" || payment.state === "refunded") return "duplicate";
    // Card payments are paid on completion; a delayed method confirms on async_payment_succeeded.
    if (session.payment_status !== "paid" && session.payment_status !== "no_payment_required")
      return "ignored";
    const providerPaymentId =
      typeof session.payment_intent === "string"
        ? session.payment_intent
        : (session.payment_intent?.id ?? null);
    if (typeof session.amount_total === "number" && session.amount_total !== payment.amountCents) {
      deps.logger.error(
        { paymentId: payment.id, expected: payment.amountCents, paid: session.amount_total },
        "checkout amount differs from the payment row",
      );
    }
    await tx
      .update(payments)
      .set({ state: "completed", providerPaymentId, updatedAt: now })
      .where(eq(payments.id, payment.id));
    const paid = { payment, providerPaymentId, session, venue, now, prepared };
    const fulfilled = await purpose.fulfil(tx, deps, paid);
    if (typeof fulfilled === "string") return fulfilled;

    if (!providerPaymentId) throw new Error(`payment ${payment.id} has no provider payment to refund`);
    const logContext = await fulfilled.beforeRefund();
    // Last, so a failure rolls the rest back and the retried webhook refunds with the same key.
    const { refundId } = await refundThroughProvider(tx, provider, payment, {
      providerPaymentId,
      amountCents: payment.amountCents,
      idempotencyKey: `refund-${payment.id}`,
      now,
    });
    deps.logger.info({ paymentId: payment.id, refundId, ...logContext }, "late payment refunded");
    return "refunded";
  });
}

/**
 * checkout.session.expired: the session stopped taking payment. The payment row ends (if nothing
 * was paid), then the purpose decides what its own hold does.
 */
export async function settleExpiredCheckout(
  deps: AppDeps,
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
  purpose: CheckoutPurpose,
): Promise<WebhookOutcome> {
  const provider = requireProvider(deps);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const { fresh, payment } = await recordEventAndLockPayment(tx, provider.name, event, session, {
      purpose: purpose.purpose,
      now,
    });
    if (!fresh) return "duplicate";
    if (!payment || (purpose.owns && !purpose.owns(payment))) return "ignored";
    await tx
      .update(payments)
      .set({ state: "expired", updatedAt: now })
      .where(and(eq(payments.id, payment.id), eq(payments.state, "created")));
    await purpose.afterExpired?.(tx, deps, payment, now);
    return "expired";
  });
}
