import type Stripe from "stripe";
import type { MembershipPlan } from "../../domain/membership";
import type {
  CheckoutSession,
  CreateCheckoutInput,
  CreateSubscriptionCheckoutInput,
  PaymentProvider,
  RefundInput,
} from "./payment-provider";
import { subscriptionSnapshot } from "./subscription-snapshot";

// Stripe refuses a Checkout Session that expires sooner than 30 minutes from now, while the hold
// lasts 15: the session is created for 31 minutes and expired by us when the hold ends.
const STRIPE_MIN_SESSION_MS = 31 * 60_000;

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Points the SDK elsewhere (tests: a local fake at http://127.0.0.1:port). */
  apiBase?: string;
  /** The membership plans' recurring prices in Stripe (STRIPE_PRICE_MONTHLY / STRIPE_PRICE_ANNUAL). */
  prices?: Partial<Record<MembershipPlan, string>>;
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

/** Stripe's SDK, loaded at its first use: some 4 MB of memory a server without Stripe never needs. */
async function stripeSdk(): Promise<typeof Stripe> {
  const { default: sdk } = await import("stripe");
  return sdk;
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  let client: Promise<Stripe> | null = null;
  /** The SDK's client, created at the first call (a failed load is retried at the next). */
  const stripeClient = (): Promise<Stripe> => {
    client ??= stripeSdk().then(
      (StripeSdk) =>
        new StripeSdk(options.secretKey, {
          ...connectionOptions(options.apiBase),
          maxNetworkRetries: 2,
          timeout: 20_000,
          appInfo: { name: "venue-booking" },
        }),
      (err: unknown) => {
        client = null;
        throw err;
      },
    );
    return client;
  };

  return {
    name: "stripe",

    async createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession> {
      const stripe = await stripeClient();
      const metadata: Record<string, string> = { purpose: input.purpose, paymentId: input.paymentId };
      if (input.holdId) metadata.holdId = input.holdId;
      if (input.registrationId) metadata.registrationId = input.registrationId;
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
          client_reference_id: input.holdId ?? input.registrationId ?? undefined,
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
      const stripe = await stripeClient();
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (err) {
        // Already complete or already expired: nothing left to stop.
        if (err instanceof (await stripeSdk()).errors.StripeInvalidRequestError) return;
        throw err;
      }
    },

    async refund(input: RefundInput) {
      const stripe = await stripeClient();
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

    async refundSubscription(input) {
      const stripe = await stripeClient();
      if (input.subscriptionId) {
        await stripe.subscriptions.cancel(
          input.subscriptionId,
          {},
          { idempotencyKey: `${input.idempotencyKey}-cancel` },
        );
      }
      if (!input.invoiceId)
        throw new Error("the subscription's first invoice is unknown; it cannot be refunded");
      // Since API 2025-03 an invoice's payment intent is found through its invoice payments.
      const paid = await stripe.invoicePayments.list({ invoice: input.invoiceId, limit: 1 });
      const intent = paid.data[0]?.payment?.payment_intent;
      const paymentIntent = typeof intent === "string" ? intent : intent?.id;
      if (!paymentIntent) throw new Error(`invoice ${input.invoiceId} has no payment to refund`);
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntent, amount: input.amountCents, reason: "duplicate" },
        { idempotencyKey: input.idempotencyKey },
      );
      return { refundId: refund.id };
    },

    async createSubscriptionCheckout(input: CreateSubscriptionCheckoutInput): Promise<CheckoutSession> {
      const stripe = await stripeClient();
      const price = options.prices?.[input.plan];
      if (!price) {
        throw new Error(
          `No Stripe price is configured for the ${input.plan} plan (STRIPE_PRICE_${input.plan === "annual" ? "ANNUAL" : "MONTHLY"})`,
        );
      }
      // Only ids travel to Stripe: the signup's details (and never its password) stay with us.
      const metadata = {
        purpose: input.purpose,
        signupId: input.signupId,
        paymentId: input.paymentId,
        plan: input.plan,
      };
      const session = await stripe.checkout.sessions.create(
        {
          mode: "subscription",
          line_items: [{ price, quantity: 1 }],
          customer_email: input.customerEmail,
          client_reference_id: input.signupId,
          metadata,
          subscription_data: { metadata },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: `membership-checkout-${input.paymentId}` },
      );
      if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
      return { sessionId: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
    },

    async retrieveSubscription(subscriptionId: string) {
      const stripe = await stripeClient();
      return subscriptionSnapshot(await stripe.subscriptions.retrieve(subscriptionId));
    },

    async verifyWebhook(rawBody, signatureHeader, receivedAt) {
      return (await stripeClient()).webhooks.constructEvent(
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
