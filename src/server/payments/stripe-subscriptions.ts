import type Stripe from "stripe";
import type { ProviderPrice } from "../../domain/membership";
import type { BillingCard, MembershipBilling, PaymentProvider } from "../payment-provider";
import { subscriptionSnapshot } from "./subscription-snapshot";

/** A card payment method's brand, last four digits and expiry; null for anything else. */
function cardOf(method: string | Stripe.PaymentMethod | null | undefined): BillingCard | null {
  if (!method || typeof method === "string" || !method.card) return null;
  const { brand, last4, exp_month, exp_year } = method.card;
  return { brand, last4, expMonth: exp_month, expYear: exp_year };
}

const intervalOf = (interval: string | undefined): "month" | "year" | null =>
  interval === "month" || interval === "year" ? interval : null;

export async function retrieveStripeSubscription(stripe: Stripe, subscriptionId: string) {
  return subscriptionSnapshot(await stripe.subscriptions.retrieve(subscriptionId));
}

export async function stripeMembershipBilling(
  stripe: Stripe,
  { customerId, subscriptionId }: { customerId: string; subscriptionId: string | null },
): Promise<MembershipBilling> {
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
}

export async function openStripeBillingPortal(
  stripe: Stripe,
  { customerId, returnUrl }: { customerId: string; returnUrl: string },
) {
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
}

export async function cancelStripeAtPeriodEnd(
  stripe: Stripe,
  subscriptionId: string,
  idempotencyKey: string,
) {
  const subscription = await stripe.subscriptions.update(
    subscriptionId,
    { cancel_at_period_end: true },
    { idempotencyKey },
  );
  return subscription.cancel_at ? new Date(subscription.cancel_at * 1000) : null;
}

export async function deferStripeBilling(
  stripe: Stripe,
  subscriptionId: string,
  until: Date,
  idempotencyKey: string,
): Promise<void> {
  await stripe.subscriptions.update(
    subscriptionId,
    { trial_end: Math.floor(until.getTime() / 1000), proration_behavior: "none" },
    { idempotencyKey },
  );
}

/** describePrice: a Stripe price's amount and interval can never change, so each id is fetched once. */
export function stripePriceReader(stripeClient: () => Promise<Stripe>): PaymentProvider["describePrice"] {
  const prices = new Map<string, ProviderPrice>();
  return async (priceId) => {
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
  };
}
