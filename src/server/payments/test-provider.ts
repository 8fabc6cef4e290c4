import { createHash, createHmac, randomBytes } from "node:crypto";
import type {
  CheckoutSession,
  CreateCheckoutInput,
  CreateSubscriptionCheckoutInput,
  PaymentProvider,
  RefundInput,
} from "./payment-provider";

/** How long the test checkout keeps a membership session open (Stripe's default is 24 hours). */
const SUBSCRIPTION_SESSION_MS = 24 * 3600_000;

// The built-in test checkout (DECISIONS.md): without Stripe keys, the app serves its own clearly
// marked checkout page. "Pay" there builds a checkout.session.completed event, signs it with the
// server's test secret in Stripe's format, and hands it to the same webhook handler Stripe's events
// reach — so the test checkout exercises the real fulfilment code.

export type TestProvider = PaymentProvider & {
  readonly webhookSecret: string;
  /** Signs a payload as Stripe would, for the test checkout's Pay button. */
  sign(payload: string, at: Date): string;
};

export function createTestProvider(options: { webhookSecret: string }): TestProvider {
  return {
    name: "test",
    webhookSecret: options.webhookSecret,

    async createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession> {
      const sessionId = `cs_test_${randomBytes(18).toString("base64url")}`;
      // Relative: the page is served by this app, whatever host the browser used to reach it.
      return { sessionId, url: `/test-checkout/${sessionId}`, expiresAt: input.holdExpiresAt };
    },

    async expireCheckoutSession() {
      // The session lives in our payments table; its state is updated by the caller.
    },

    async refund(input: RefundInput) {
      // Recorded in the payments table by the caller; the id is derived from the idempotency key,
      // so a repeated refund is the same refund.
      const digest = createHash("sha256").update(input.idempotencyKey).digest("hex").slice(0, 24);
      return { refundId: `re_test_${digest}` };
    },

    async refundSubscription(input) {
      // The simulated subscription ends with the refund; the id is derived like refund()'s.
      const digest = createHash("sha256").update(input.idempotencyKey).digest("hex").slice(0, 24);
      return { refundId: `re_test_${digest}` };
    },

    async createSubscriptionCheckout(input: CreateSubscriptionCheckoutInput): Promise<CheckoutSession> {
      const sessionId = `cs_test_${randomBytes(18).toString("base64url")}`;
      return {
        sessionId,
        url: `/test-checkout/${sessionId}`,
        expiresAt: new Date(input.now.getTime() + SUBSCRIPTION_SESSION_MS),
      };
    },

    async retrieveSubscription() {
      // The simulated subscription lives in the signed events the test checkout sends.
      return null;
    },

    async verifyWebhook(rawBody, signatureHeader, receivedAt) {
      // Stripe's own verification, as for Stripe's events; the SDK is loaded at the first payment.
      const { default: Stripe } = await import("stripe");
      return Stripe.webhooks.constructEvent(
        rawBody,
        signatureHeader,
        options.webhookSecret,
        undefined,
        undefined,
        receivedAt.getTime(),
      );
    },

    sign(payload, at) {
      // Stripe's signature scheme (what the SDK's generateTestHeaderString builds), without loading
      // the SDK: v1 is the HMAC-SHA256 of "<timestamp>.<payload>" under the webhook secret.
      const timestamp = Math.floor(at.getTime() / 1000);
      const v1 = createHmac("sha256", options.webhookSecret)
        .update(`${timestamp}.${payload}`, "utf8")
        .digest("hex");
      return `t=${timestamp},v1=${v1}`;
    },
  };
}
