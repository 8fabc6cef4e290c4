import type Stripe from "stripe";
import { confirmPayment, type FulfilmentOutcome, handleCheckoutExpired } from "../booking/confirm-payment";
import { AppError } from "../errors";
import {
  confirmRegistrationPayment,
  handleRegistrationCheckoutExpired,
} from "../events/confirm-registration-payment";
import type { AppDeps } from "../http/context";
import { expireMembershipCheckout } from "../membership/expire-membership-checkout";
import { fulfilMembershipCheckout } from "../membership/fulfil-membership-checkout";
import { recordRenewal } from "../membership/record-renewal";
import { syncSubscription } from "../membership/sync-subscription";
import type { MembershipOutcome } from "../membership/webhook-records";
import { logWebhookOutcome } from "../observability/business-events";

export type WebhookOutcome = FulfilmentOutcome | MembershipOutcome;

type SessionHandler = (
  deps: AppDeps,
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
) => Promise<WebhookOutcome>;

// What each kind of checkout does when the provider reports back, keyed by the session's
// metadata.purpose. Event registrations and memberships add their handlers here.
const handlers: Record<string, { completed: SessionHandler; expired: SessionHandler }> = {
  reservation: { completed: confirmPayment, expired: handleCheckoutExpired },
  event_registration: { completed: confirmRegistrationPayment, expired: handleRegistrationCheckoutExpired },
  membership: { completed: fulfilMembershipCheckout, expired: expireMembershipCheckout },
};

/** Our metadata names the purpose; a subscription checkout without it can only be a membership. */
const purposeOf = (session: Stripe.Checkout.Session) =>
  session.metadata?.purpose ?? (session.mode === "subscription" ? "membership" : "");

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
 * is a 400 and changes nothing. Handlers record the event id in their transaction, so a repeat is
 * a no-op; a handler failure propagates as non-2xx so the provider retries.
 */
export async function handlePaymentWebhook(
  deps: AppDeps,
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
    event = deps.payments.verifyWebhook(rawBody, signature, deps.now());
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

  const outcome = await dispatch(deps, event);
  const target = event.data.object as { id?: string; metadata?: Record<string, string> | null };
  logWebhookOutcome(
    deps.logger,
    {
      id: event.id,
      type: event.type,
      objectId: target.id,
      purpose: event.type.startsWith("checkout.session.")
        ? purposeOf(target as Stripe.Checkout.Session)
        : undefined,
    },
    outcome,
  );
  return outcome;
}

function dispatch(deps: AppDeps, event: Stripe.Event): Promise<WebhookOutcome> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      const handler = handlers[purposeOf(session)];
      return handler ? handler.completed(deps, event, session) : Promise.resolve("ignored");
    }
    case "checkout.session.expired": {
      const session = event.data.object;
      const handler = handlers[purposeOf(session)];
      return handler ? handler.expired(deps, event, session) : Promise.resolve("ignored");
    }
    // The membership's later life (SPEC §4 Member account): renewals, cancellation, the end.
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return syncSubscription(deps, event, event.data.object);
    case "invoice.paid":
      return recordRenewal(deps, event, event.data.object);
    default:
      return Promise.resolve("ignored");
  }
}
