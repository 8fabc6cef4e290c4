import type Stripe from "stripe";
import type { SubscriptionSnapshot } from "../payment-provider";

const instant = (seconds: number | null | undefined) =>
  typeof seconds === "number" && seconds > 0 ? new Date(seconds * 1000) : null;

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/**
 * Stripe's subscription → what the membership keeps. Since API 2025-03 the billing period lives on
 * the subscription's items; older payloads carry it on the subscription itself, so both are read.
 * Cancelling at period end may come as cancel_at or only as cancel_at_period_end.
 */
export function subscriptionSnapshot(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const legacyEnd = (subscription as { current_period_end?: number }).current_period_end;
  const itemEnds = (subscription.items?.data ?? [])
    .map((item) => (item as { current_period_end?: number }).current_period_end ?? 0)
    .filter((end) => end > 0);
  const periodEnd = instant(itemEnds.length > 0 ? Math.max(...itemEnds) : legacyEnd);
  const cancelAt = instant(subscription.cancel_at) ?? (subscription.cancel_at_period_end ? periodEnd : null);
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer as string | { id: string } | null),
    status: subscription.status,
    currentPeriodEnd: periodEnd,
    cancelAt,
  };
}

/** Stripe's billing_reason of a subscription's first invoice (its checkout's); later ones are renewals. */
export const FIRST_INVOICE = "subscription_create";

/** The subscription an invoice bills (API 2025+: parent.subscription_details; older: invoice.subscription). */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const parent = invoice.parent?.subscription_details?.subscription;
  const legacy = (invoice as { subscription?: string | { id: string } | null }).subscription;
  return idOf(parent as string | { id: string } | null | undefined) ?? idOf(legacy);
}

/** The end of the period an invoice paid for: the latest line's period end. */
export function invoicePeriodEnd(invoice: Stripe.Invoice): Date | null {
  const ends = (invoice.lines?.data ?? []).map((line) => line.period?.end ?? 0).filter((e) => e > 0);
  return ends.length > 0 ? instant(Math.max(...ends)) : null;
}
