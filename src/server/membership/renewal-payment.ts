import type Stripe from "stripe";
import type { MembershipPlan } from "../../domain/membership";
import type { Tx } from "../db/client";
import { payments, type StoredCheckout, type users } from "../db/schema";
import { stripeId } from "../payments/payment-rows";
import { FIRST_INVOICE } from "../payments/subscription-snapshot";
import { planOf, readMembershipPlans } from "../settings/membership-plans";

type Member = typeof users.$inferSelect;

/** When the invoice was paid (Stripe's paid_at), never after we heard of it; else now. */
function paidAt(invoice: Stripe.Invoice, now: Date): Date {
  const seconds = invoice.status_transitions?.paid_at;
  if (typeof seconds !== "number" || seconds <= 0) return now;
  const at = new Date(seconds * 1000);
  return at > now ? now : at;
}

/**
 * Decision 040: a paid renewal invoice becomes one payments row of purpose membership, so the
 * revenue report (and the customers' report, the CSV export, the member's invoices) count it as
 * any payment: the amount Stripe took (amount_paid, in cents, as the invoice says), on the day it
 * was paid. An invoice of nothing (a comp's deferred period, a 100% discount) is no payment.
 * The unique index on the invoice's id (migration 0030) makes it once per invoice, whichever of
 * invoice.paid and invoice.payment_succeeded comes first and however often either is replayed;
 * it also keeps the signup's own first invoice from being counted twice.
 * The first invoice of a subscription (FIRST_INVOICE) is the signup's checkout, already a payments
 * row whose provider_payment_id is that invoice; only later ones are renewals.
 * Returns whether a row was written.
 */
export async function recordRenewalPayment(
  tx: Tx,
  input: { provider: string; invoice: Stripe.Invoice; member: Member; subscriptionId: string; now: Date },
): Promise<boolean> {
  const { invoice, member, now } = input;
  const amountCents = invoice.amount_paid;
  // Without its id an invoice could not be recorded once; Stripe always sends one.
  if (!invoice.id || invoice.billing_reason === FIRST_INVOICE) return false;
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return false;
  const at = paidAt(invoice, now);
  const inserted = await tx
    .insert(payments)
    .values({
      provider: input.provider,
      // checkout-purpose.ts MEMBERSHIP, named here so the two files do not import each other.
      purpose: "membership",
      providerPaymentId: invoice.id,
      providerCustomerId:
        stripeId(invoice.customer as string | { id: string } | null) ?? member.stripeCustomerId,
      providerSubscriptionId: input.subscriptionId,
      amountCents,
      currency: invoice.currency ?? "usd",
      state: "completed",
      isRenewal: true,
      checkout: await renewalRecord(tx, member, amountCents),
      createdAt: at,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  return inserted.length > 0;
}

/**
 * What the renewal charged, in the shape every payment keeps (the customer's email and one line),
 * so the reports and the export read it as they read a checkout's. No checkout page ever shows it.
 */
async function renewalRecord(tx: Tx, member: Member, amountCents: number): Promise<StoredCheckout> {
  const plan = member.membershipPlan
    ? planOf(await readMembershipPlans(tx), member.membershipPlan as MembershipPlan)
    : null;
  return {
    mode: "subscription",
    lineItems: [
      { name: `Membership renewal${plan ? ` (${plan.name})` : ""}`, description: member.email, amountCents },
    ],
    discountCents: 0,
    couponCode: null,
    customerEmail: member.email,
    metadata: { userId: member.id },
    recurring: plan ? { price: plan.providerPriceId, interval: plan.interval } : null,
    successPath: "/my-membership",
    cancelPath: "/my-membership",
    backPath: "/my-membership",
  };
}
