import type Stripe from "stripe";

/** The event, once its signature and age (against `receivedAt`) check out; throws otherwise. */
export function verifyStripeWebhook(
  stripe: Stripe,
  webhookSecret: string,
  rawBody: string,
  signatureHeader: string,
  receivedAt: Date,
): Stripe.Event {
  return stripe.webhooks.constructEvent(
    rawBody,
    signatureHeader,
    webhookSecret,
    undefined,
    undefined,
    receivedAt.getTime(),
  );
}
