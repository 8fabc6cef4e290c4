import type { PaymentProvider } from "../payment-provider";
import { createStripeCheckoutSession, expireStripeCheckoutSession } from "./stripe-checkout-sessions";
import { lazyStripeClient } from "./stripe-client";
import {
  refundStripePayment,
  refundStripeSubscription,
  stripeCheckoutSessionOfPayment,
  stripeInvoiceOfPayment,
  stripeSubscriptionOfInvoice,
} from "./stripe-refunds";
import {
  cancelStripeAtPeriodEnd,
  deferStripeBilling,
  openStripeBillingPortal,
  retrieveStripeSubscription,
  stripeMembershipBilling,
  stripePriceReader,
} from "./stripe-subscriptions";
import { verifyStripeWebhook } from "./stripe-webhooks";

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Points the SDK elsewhere (tests: a local fake at http://127.0.0.1:port). */
  apiBase?: string;
};

/**
 * Stripe behind the payment provider interface: each call takes the SDK's client (loaded at the
 * first one, stripe-client.ts) and hands it to its step — checkout sessions, refunds, subscriptions
 * and billing, webhook verification.
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripeClient = lazyStripeClient(options.secretKey, options.apiBase);
  return {
    name: "stripe",
    async createCheckoutSession(input) {
      return createStripeCheckoutSession(await stripeClient(), input);
    },
    async expireCheckoutSession(sessionId) {
      return expireStripeCheckoutSession(await stripeClient(), sessionId);
    },
    async refund(input) {
      return refundStripePayment(await stripeClient(), input);
    },
    async refundSubscription(input) {
      return refundStripeSubscription(await stripeClient(), input);
    },
    async invoiceOfPayment(providerPaymentId) {
      return stripeInvoiceOfPayment(await stripeClient(), providerPaymentId);
    },
    async checkoutSessionOfPayment(providerPaymentId) {
      return stripeCheckoutSessionOfPayment(await stripeClient(), providerPaymentId);
    },
    async subscriptionOfInvoice(invoiceId) {
      return stripeSubscriptionOfInvoice(await stripeClient(), invoiceId);
    },
    async retrieveSubscription(subscriptionId) {
      return retrieveStripeSubscription(await stripeClient(), subscriptionId);
    },
    async membershipBilling(input) {
      return stripeMembershipBilling(await stripeClient(), input);
    },
    async openBillingPortal(input) {
      return openStripeBillingPortal(await stripeClient(), input);
    },
    async cancelAtPeriodEnd(subscriptionId, idempotencyKey) {
      return cancelStripeAtPeriodEnd(await stripeClient(), subscriptionId, idempotencyKey);
    },
    async deferBilling(subscriptionId, until, idempotencyKey) {
      return deferStripeBilling(await stripeClient(), subscriptionId, until, idempotencyKey);
    },
    describePrice: stripePriceReader(stripeClient),
    async verifyWebhook(rawBody, signatureHeader, receivedAt) {
      return verifyStripeWebhook(
        await stripeClient(),
        options.webhookSecret,
        rawBody,
        signatureHeader,
        receivedAt,
      );
    },
  };
}
