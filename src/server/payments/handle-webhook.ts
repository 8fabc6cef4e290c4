import type Stripe from "stripe";
import { confirmPayment, type FulfilmentOutcome, handleCheckoutExpired } from "../booking/confirm-payment";
import { AppError } from "../errors";
import {
  confirmRegistrationPayment,
  handleRegistrationCheckoutExpired,
} from "../events/confirm-registration-payment";
import type { AppDeps } from "../kernel/deps";
import { expireMembershipCheckout } from "../membership/expire-membership-checkout";
import { fulfilMembershipCheckout } from "../membership/fulfil-membership-checkout";
import { recordRenewal } from "../membership/record-renewal";
import { syncSubscription } from "../membership/sync-subscription";
import type { MembershipOutcome } from "../membership/webhook-records";

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
    event = deps.payments.verifyWebhook(rawBody, signature, deps.now());
  } catch (err) {
    deps.logger.warn({ err: (err as Error).message }, "webhook signature rejected");
    throw new AppError("VALIDATION", "Invalid webhook signature");
  }
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      const handler = handlers[purposeOf(session)];
      return handler ? handler.completed(deps, event, session) : "ignored";
    }
    case "checkout.session.expired": {
      const session = event.data.object;
      const handler = handlers[purposeOf(session)];
      return handler ? handler.expired(deps, event, session) : "ignored";
    }
    // The membership's later life (SPEC §4 Member account): renewals, cancellation, the end.
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return syncSubscription(deps, event, event.data.object);
    case "invoice.paid":
      return recordRenewal(deps, event, event.data.object);
    default:
      return "ignored";
  }
}
