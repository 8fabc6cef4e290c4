import type Stripe from "stripe";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";
import { logWebhookOutcome } from "../observability/business-events";
import type { CheckoutPurposes } from "./checkout-purpose";
import { recordProviderRefund } from "./record-provider-refund";
import { settleExpiredCheckout, settlePaidCheckout } from "./settle-checkout";
import type { WebhookOutcome } from "./webhook-inbox";

/** Stripe's default tolerance, applied to timestamps ahead of our clock as well as behind it. */
const WEBHOOK_TOLERANCE_MS = 5 * 60_000;

/** The `t=` of a Stripe-Signature header, in ms, or null when there is none (verification then fails). */
function signatureTimestamp(header: string): number | null {
  const match = /(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(header);
  return match ? Number(match[1]) * 1000 : null;
}

/**
 * The payment webhook, for Stripe and the built-in test checkout alike: the signature (and its
 * timestamp, 5 minutes' tolerance) is checked on the raw body before anything is read; a bad one
 * is a 400 and changes nothing. Then a checkout session is settled here with its purpose's steps
 * (the session's metadata.purpose; settle-checkout.ts), and any other event goes to the purpose that
 * registered its type; a refund event (whoever made the refund) is booked by the spine
 * (record-provider-refund.ts). Every path records the event id in its transaction (webhook-inbox.ts), so a
 * repeat is a no-op; a failure propagates as non-2xx so the provider retries.
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
    // The SDK refuses a signature older than its tolerance but not one from the future; a
    // timestamp far ahead would make a captured request replayable for as long.
    const signedAt = signatureTimestamp(signature);
    if (signedAt !== null && signedAt - deps.now().getTime() > WEBHOOK_TOLERANCE_MS) {
      throw new Error("signature timestamp is in the future beyond the tolerance");
    }
    event = await deps.payments.verifyWebhook(rawBody, signature, deps.now());
  } catch (err) {
    deps.logger.warn({ err: (err as Error).message }, "webhook signature rejected");
    throw new AppError("VALIDATION", "Invalid webhook signature");
  }
  // Signed but malformed: a retry can never succeed, so it is a 400 the provider stops retrying,
  // and the operator sees it in the log.
  const object = (event as { data?: { object?: unknown } }).data?.object;
  if (typeof object !== "object" || object === null) {
    deps.logger.warn({ eventId: event.id, type: event.type }, "webhook event without data.object refused");
    throw new AppError("VALIDATION", "Malformed webhook event");
  }

  const outcome = await dispatch(deps, purposes, event);
  // A confirmation changes no place (a live hold's were taken already), except a late payment's,
  // whose purpose told every instance in its transaction (changedAtCommit); this instance sees it
  // at once. A refund or an expiry may free one.
  if (outcome === "confirmed") deps.schedule.clearHere("places-taken");
  else if (outcome === "refunded" || outcome === "expired") await deps.schedule.changed();
  const target = event.data.object as { id?: string; metadata?: Record<string, string> | null };
  logWebhookOutcome(
    deps.logger,
    {
      id: event.id,
      type: event.type,
      objectId: target.id,
      purpose: event.type.startsWith("checkout.session.")
        ? purposes.ofSession(target as Stripe.Checkout.Session)?.purpose
        : undefined,
    },
    outcome,
  );
  return outcome;
}

async function dispatch(
  deps: AppDeps,
  purposes: CheckoutPurposes,
  event: Stripe.Event,
): Promise<WebhookOutcome> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      const purpose = purposes.ofSession(session);
      return purpose ? settlePaidCheckout(deps, event, session, purpose) : "ignored";
    }
    case "checkout.session.expired": {
      const session = event.data.object;
      const purpose = purposes.ofSession(session);
      return purpose ? settleExpiredCheckout(deps, event, session, purpose) : "ignored";
    }
    // Kept in step with PROVIDER_REFUND_EVENTS (record-provider-refund.ts).
    case "refund.created":
    case "refund.updated":
    case "refund.failed":
      return recordProviderRefund(deps, purposes, event);
    default: {
      const handler = purposes.byEventType(event.type);
      return handler ? handler(deps, event) : "ignored";
    }
  }
}
