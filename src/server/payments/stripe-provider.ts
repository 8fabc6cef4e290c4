import type Stripe from "stripe";
import type { ProviderPrice } from "../../domain/membership";
import {
  type BillingCard,
  type CheckoutSession,
  type CreateCheckoutInput,
  OUR_REFUND_KEY,
  type PaymentProvider,
  type RefundInput,
} from "../payment-provider";
import { subscriptionSnapshot } from "./subscription-snapshot";

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

/** Stripe's SDK, loaded at its first use: some 4 MB of memory a server without Stripe never needs. */
async function stripeSdk(): Promise<typeof Stripe> {
  const { default: sdk } = await import("stripe");
  return sdk;
}

/** The session ends with the hold, but no sooner than Stripe allows. */
function sessionEnd(input: CreateCheckoutInput): Date {
  const earliest = input.now.getTime() + STRIPE_MIN_SESSION_MS;
  return new Date(Math.max(input.expiresAt?.getTime() ?? earliest, earliest));
}

/** The discount was computed and reserved by us; Stripe only shows and applies it, once. */
async function discountOf(
  stripe: Stripe,
  input: CreateCheckoutInput,
  metadata: Record<string, string>,
): Promise<{ discounts?: Stripe.Checkout.SessionCreateParams.Discount[] }> {
  if (input.discountCents <= 0) return {};
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
  return { discounts: [{ coupon: coupon.id }] };
}

/** A card payment method's brand, last four digits and expiry; null for anything else. */
function cardOf(method: string | Stripe.PaymentMethod | null | undefined): BillingCard | null {
  if (!method || typeof method === "string" || !method.card) return null;
  const { brand, last4, exp_month, exp_year } = method.card;
  return { brand, last4, expMonth: exp_month, expYear: exp_year };
}

const intervalOf = (interval: string | undefined): "month" | "year" | null =>
  interval === "month" || interval === "year" ? interval : null;

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

  // A Stripe price's amount and interval can never change: each id is fetched once.
  const prices = new Map<string, ProviderPrice>();

  return {
    name: "stripe",

    async createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession> {
      const stripe = await stripeClient();
      // Only ids travel to Stripe: what they stand for (and never a password) stays with us.
      const metadata: Record<string, string> = {
        purpose: input.purpose,
        paymentId: input.paymentId,
        ...input.metadata,
      };
      const common = {
        ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
        client_reference_id: input.reference ?? undefined,
        metadata,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      };
      let session: Stripe.Checkout.Session;
      if (input.recurring) {
        const { price } = input.recurring;
        if (!price)
          throw new Error("The membership plan has no Stripe price id (Settings › Membership plans)");
        session = await stripe.checkout.sessions.create(
          {
            ...common,
            mode: "subscription",
            line_items: [{ price, quantity: 1 }],
            subscription_data: { metadata },
          },
          // The key each mode has used since its first release.
          { idempotencyKey: `${input.purpose}-checkout-${input.paymentId}` },
        );
      } else {
        session = await stripe.checkout.sessions.create(
          {
            ...common,
            mode: "payment",
            line_items: input.lineItems.map((item) => ({
              quantity: 1,
              price_data: {
                currency: "usd",
                unit_amount: item.amountCents,
                product_data: { name: item.name, description: item.description },
              },
            })),
            ...(await discountOf(stripe, input, metadata)),
            payment_intent_data: { metadata },
            expires_at: Math.floor(sessionEnd(input).getTime() / 1000),
          },
          { idempotencyKey: `checkout-${input.paymentId}` },
        );
      }
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
          metadata: { [OUR_REFUND_KEY]: input.idempotencyKey },
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
        {
          payment_intent: paymentIntent,
          amount: input.amountCents,
          reason: "duplicate",
          metadata: { [OUR_REFUND_KEY]: input.idempotencyKey },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return { refundId: refund.id };
    },

    async retrieveSubscription(subscriptionId: string) {
      const stripe = await stripeClient();
      return subscriptionSnapshot(await stripe.subscriptions.retrieve(subscriptionId));
    },

    async membershipBilling({ customerId, subscriptionId }) {
      const stripe = await stripeClient();
      const [subscription, invoices] = await Promise.all([
        subscriptionId
          ? stripe.subscriptions.retrieve(subscriptionId, { expand: ["default_payment_method"] })
          : null,
        stripe.invoices.list({ customer: customerId, limit: 12 }),
      ]);
      let card = cardOf(subscription?.default_payment_method);
      if (!card) {
        // A subscription without its own card is charged the customer's default one.
        const customer = await stripe.customers.retrieve(customerId, {
          expand: ["invoice_settings.default_payment_method"],
        });
        card = customer.deleted ? null : cardOf(customer.invoice_settings?.default_payment_method);
      }
      return {
        priceCents: subscription?.items.data[0]?.price.unit_amount ?? null,
        interval: intervalOf(subscription?.items.data[0]?.price.recurring?.interval),
        card,
        invoices: invoices.data.map((invoice) => ({
          id: invoice.id ?? "",
          number: invoice.number ?? null,
          createdAt: new Date(invoice.created * 1000),
          amountCents: invoice.status === "paid" ? invoice.amount_paid : invoice.amount_due,
          status: invoice.status ?? "draft",
          url: invoice.hosted_invoice_url ?? null,
        })),
      };
    },

    async openBillingPortal({ customerId, returnUrl }) {
      const stripe = await stripeClient();
      // Straight to "update payment method": the one change the member came for.
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
        flow_data: {
          type: "payment_method_update",
          after_completion: { type: "redirect", redirect: { return_url: returnUrl } },
        },
      });
      return { url: session.url };
    },

    async cancelAtPeriodEnd(subscriptionId, idempotencyKey) {
      const stripe = await stripeClient();
      const subscription = await stripe.subscriptions.update(
        subscriptionId,
        { cancel_at_period_end: true },
        { idempotencyKey },
      );
      return subscription.cancel_at ? new Date(subscription.cancel_at * 1000) : null;
    },

    async deferBilling(subscriptionId, until, idempotencyKey) {
      const stripe = await stripeClient();
      await stripe.subscriptions.update(
        subscriptionId,
        { trial_end: Math.floor(until.getTime() / 1000), proration_behavior: "none" },
        { idempotencyKey },
      );
    },

    async describePrice(priceId) {
      const known = prices.get(priceId);
      if (known) return known;
      const stripe = await stripeClient();
      const price = await stripe.prices.retrieve(priceId);
      const described: ProviderPrice = {
        amountCents: price.unit_amount ?? null,
        interval: !price.recurring
          ? null
          : price.recurring.interval_count === 1
            ? price.recurring.interval
            : `${price.recurring.interval_count} ${price.recurring.interval}s`,
        currency: price.currency,
      };
      prices.set(priceId, described);
      return described;
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
