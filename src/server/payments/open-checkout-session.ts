import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { payments, type StoredCheckout } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";
import { present } from "../lib/present";
import type { CheckoutSession, PaymentProvider } from "../payment-provider";
import type { PaymentRow } from "./payment-rows";

export const CHECKOUT_FAILED_MESSAGE = "Failed to create checkout session";

/**
 * The payments row (state created) of a purpose's checkout, written in the caller's transaction
 * before the provider is called, with the checkout as the purpose declared it (its line items,
 * metadata and return paths): the webhook and the test checkout read it back from here.
 */
export async function insertCheckoutPayment(
  tx: Db | Tx,
  provider: PaymentProvider,
  input: { purpose: string; reference: string; amountCents: number; checkout: StoredCheckout; now: Date },
): Promise<PaymentRow> {
  const [payment] = await tx
    .insert(payments)
    .values({
      provider: provider.name,
      purpose: input.purpose,
      reference: input.reference,
      amountCents: input.amountCents,
      checkout: input.checkout,
      state: "created",
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  return present(payment);
}

/**
 * Calls the provider for a payments row already written (insertCheckoutPayment), outside any
 * transaction, so the webhook can always find its way back. A provider failure marks the row failed
 * (and runs the purpose's `undo` in the same transaction) and answers 502 with the spec's text
 * (SPEC §7: "Failed to create checkout session", or the purpose's own); a session is stored on the
 * row (id, url, expiry).
 */
export async function openCheckoutSession(
  deps: AppDeps,
  payment: PaymentRow,
  options: {
    /** When a one-off payment's hold ends; null: the provider's own limit. */
    expiresAt: Date | null;
    failure?: { message: string; undo: (tx: Tx) => Promise<void> };
  },
): Promise<CheckoutSession> {
  const provider = present(deps.payments, "payment provider");
  const checkout = present(payment.checkout, "stored checkout");
  const base = deps.config.publicUrl;
  let session: CheckoutSession;
  try {
    session = await provider.createCheckoutSession({
      paymentId: payment.id,
      purpose: payment.purpose,
      reference: payment.reference,
      metadata: checkout.metadata,
      lineItems: checkout.lineItems,
      discountCents: checkout.discountCents,
      couponCode: checkout.couponCode,
      totalCents: payment.amountCents,
      customerEmail: checkout.customerEmail,
      recurring: checkout.recurring,
      expiresAt: options.expiresAt,
      now: deps.now(),
      successUrl: `${base}${checkout.successPath}`,
      cancelUrl: `${base}${checkout.cancelPath}`,
    });
  } catch (err) {
    deps.logger.error(
      { err, paymentId: payment.id, purpose: payment.purpose },
      "checkout session could not be created",
    );
    await deps.db.transaction(async (tx) => {
      await tx
        .update(payments)
        .set({ state: "failed", updatedAt: deps.now() })
        .where(eq(payments.id, payment.id));
      await options.failure?.undo(tx);
    });
    throw new AppError("PAYMENT_PROVIDER", options.failure?.message ?? CHECKOUT_FAILED_MESSAGE);
  }
  await deps.db
    .update(payments)
    .set({
      providerSessionId: session.sessionId,
      checkoutUrl: session.url,
      expiresAt: session.expiresAt,
      updatedAt: deps.now(),
    })
    .where(eq(payments.id, payment.id));
  return session;
}
