import Stripe from "stripe";
import type { CheckoutSession, CreateCheckoutInput, PaymentProvider, RefundInput } from "./payment-provider";

// Stripe refuses a Checkout Session that expires sooner than 30 minutes from now, while the hold
// lasts 15: the session is created for 31 minutes and expired by us when the hold ends.
const STRIPE_MIN_SESSION_MS = 31 * 60_000;

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Points the SDK elsewhere (tests: a local fake at http://127.0.0.1:port). */
  apiBase?: string;
};

function connectionOptions(apiBase: string | undefined): Stripe.StripeConfig {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return {
    host: url.hostname,
    port: url.port || (protocol === "http" ? 80 : 443),
    protocol,
  };
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    ...connectionOptions(options.apiBase),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "venue-booking" },
  });

  return {
    name: "stripe",

    async createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession> {
      const metadata = { purpose: input.purpose, holdId: input.holdId, paymentId: input.paymentId };
      let discounts: Stripe.Checkout.SessionCreateParams.Discount[] | undefined;
      if (input.discountCents > 0) {
        // The discount was computed and reserved by us; Stripe only shows and applies it, once.
        const coupon = await stripe.coupons.create(
          {
            amount_off: input.discountCents,
            currency: "usd",
            duration: "once",
            max_redemptions: 1,
            name: input.couponCode ?? "Discount",
            metadata,
          },
          { idempotencyKey: `coupon-${input.paymentId}` },
        );
        discounts = [{ coupon: coupon.id }];
      }
      const expiresAt = new Date(
        Math.max(input.holdExpiresAt.getTime(), input.now.getTime() + STRIPE_MIN_SESSION_MS),
      );
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: input.lineItems.map((item) => ({
            quantity: 1,
            price_data: {
              currency: "usd",
              unit_amount: item.amountCents,
              product_data: { name: item.name, description: item.description },
            },
          })),
          ...(discounts ? { discounts } : {}),
          ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
          client_reference_id: input.holdId,
          metadata,
          payment_intent_data: { metadata },
          expires_at: Math.floor(expiresAt.getTime() / 1000),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: `checkout-${input.paymentId}` },
      );
      if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
      return { sessionId: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
    },

    async expireCheckoutSession(sessionId: string): Promise<void> {
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (err) {
        // Already complete or already expired: nothing left to stop.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw err;
      }
    },

    async refund(input: RefundInput) {
      const refund = await stripe.refunds.create(
        {
          payment_intent: input.providerPaymentId,
          amount: input.amountCents,
          reason: "requested_by_customer",
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return { refundId: refund.id };
    },

    verifyWebhook(rawBody, signatureHeader, receivedAt) {
      return stripe.webhooks.constructEvent(
        rawBody,
        signatureHeader,
        options.webhookSecret,
        undefined,
        undefined,
        receivedAt.getTime(),
      );
    },
  };
}
