import type Stripe from "stripe";
import { AppError } from "../errors";
import type { AppDeps } from "../kernel/deps";
import type { CheckoutPurposes } from "./checkout-purpose";
import type { WebhookOutcome } from "./webhook-inbox";

/**
 * The payment webhook, for Stripe and the built-in test checkout alike: the signature (and its
 * timestamp, 5 minutes' tolerance) is checked on the raw body before anything is read; a bad one
 * is a 400 and changes nothing. Then it is dispatched: a checkout session to its purpose (the
 * session's metadata.purpose), any other event to the purpose that registered its type. Handlers
 * record the event id in their transaction (webhook-inbox.ts), so a repeat is a no-op; a handler
 * failure propagates as non-2xx so the provider retries.
 */
export async function handlePaymentWebhook(
  deps: AppDeps,
  purposes: CheckoutPurposes,
  rawBody: string,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  if (!deps.payments) throw new AppError("NOT_FOUND", "Not found");
  if (!signature) throw new AppError("VALIDATION", "Missing webhook signature");
  let event: Stripe.Event;
  try {
    event = deps.payments.verifyWebhook(rawBody, signature, deps.now());
  } catch (err) {
    deps.logger.warn({ err: (err as Error).message }, "webhook signature rejected");
    throw new AppError("VALIDATION", "Invalid webhook signature");
  }
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      const purpose = purposes.ofSession(session);
      return purpose ? purpose.completed(deps, event, session) : "ignored";
    }
    case "checkout.session.expired": {
      const session = event.data.object;
      const purpose = purposes.ofSession(session);
      return purpose ? purpose.expired(deps, event, session) : "ignored";
    }
    default: {
      const handler = purposes.byEventType(event.type);
      return handler ? handler(deps, event) : "ignored";
    }
  }
}
