import { eq } from "drizzle-orm";
import { payments } from "../db/schema";
import { AppError } from "../errors";
import type { AppDeps } from "../kernel/deps";
import type { CheckoutSession } from "./payment-provider";

export const CHECKOUT_FAILED_MESSAGE = "Failed to create checkout session";

/**
 * Calls the provider for a payments row already written (state created), outside any transaction,
 * so the webhook can always find its way back. A provider failure marks the row failed and answers
 * 502 with the spec's text (SPEC §7: "Failed to create checkout session"); a session is stored on
 * the row (id, url, expiry).
 */
export async function openCheckoutSession(
  deps: AppDeps,
  paymentId: string,
  create: () => Promise<CheckoutSession>,
): Promise<CheckoutSession> {
  let session: CheckoutSession;
  try {
    session = await create();
  } catch (err) {
    deps.logger.error({ err, paymentId }, "checkout session could not be created");
    await deps.db
      .update(payments)
      .set({ state: "failed", updatedAt: deps.now() })
      .where(eq(payments.id, paymentId));
    throw new AppError("PAYMENT_PROVIDER", CHECKOUT_FAILED_MESSAGE);
  }
  await deps.db
    .update(payments)
    .set({
      providerSessionId: session.sessionId,
      checkoutUrl: session.url,
      expiresAt: session.expiresAt,
      updatedAt: deps.now(),
    })
    .where(eq(payments.id, paymentId));
  return session;
}
