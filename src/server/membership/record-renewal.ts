import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Tx } from "../db/client";
import { payments, users } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";
import { invoicePeriodEnd, invoiceSubscriptionId } from "../payments/subscription-snapshot";
import { recordWebhookEvent, type WebhookOutcome } from "../payments/webhook-inbox";
import { recordRenewalPayment } from "./renewal-payment";
import { isMemberStatus } from "./subscription-status";

/**
 * invoice.paid (and invoice.payment_succeeded, its twin): a renewal. The money is a payments row,
 * once per invoice (renewal-payment.ts), so revenue counts it; the next billing date moves to the
 * end of the period now paid for, and only forward, so a repeated or late invoice never moves it
 * back. The first invoice of a new subscription usually arrives before the account exists; it is
 * ignored (the checkout's own completion records its payment and reads the period). The second
 * event of an invoice already recorded is a duplicate.
 */
export async function recordRenewal(
  deps: AppDeps,
  event: Stripe.Event,
  invoice: Stripe.Invoice,
): Promise<WebhookOutcome> {
  const provider = deps.payments;
  if (!provider) throw new AppError("PAYMENT_PROVIDER", "Online payment is not configured");
  const subscriptionId = invoiceSubscriptionId(invoice);
  if (!subscriptionId) return "ignored";
  const fresh = await provider.retrieveSubscription(subscriptionId);
  const periodEnd = fresh?.currentPeriodEnd ?? invoicePeriodEnd(invoice);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    if (!(await recordWebhookEvent(tx, provider.name, event, now))) return "duplicate";
    const [member] = await tx
      .select()
      .from(users)
      .where(eq(users.stripeSubscriptionId, subscriptionId))
      .for("update");
    if (!member) return "ignored";
    const recorded = await recordRenewalPayment(tx, {
      provider: provider.name,
      invoice,
      member,
      subscriptionId,
      now,
    });
    if (!recorded && (await invoiceRecorded(tx, provider.name, invoice.id))) return "duplicate";
    // A paid invoice brings a past-due membership back; the provider's status has the last word.
    // Without one (the test checkout), an invoice never revives a membership that has ended.
    const isMember = fresh ? isMemberStatus(fresh.status) : member.isMember;
    const current = member.nextBillingDate;
    const nextBillingDate = isMember && periodEnd && (!current || periodEnd > current) ? periodEnd : current;
    await tx.update(users).set({ nextBillingDate, isMember, updatedAt: now }).where(eq(users.id, member.id));
    deps.logger.info(
      { userId: member.id, nextBillingDate, invoiceId: invoice.id, paymentRecorded: recorded },
      "membership renewed",
    );
    return "updated";
  });
}

/** Whether this invoice is already a payment (the signup's first, or a renewal recorded before). */
async function invoiceRecorded(tx: Tx, provider: string, invoiceId: string | undefined) {
  if (!invoiceId) return false;
  const [row] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.provider, provider),
        eq(payments.purpose, "membership"),
        eq(payments.providerPaymentId, invoiceId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Whether recordRenewal will record a paid renewal invoice of this subscription: a member holds it
 * (its own look-up). A dashboard refund of such an invoice that overtakes invoice.paid is then
 * retried by the provider (decision 043).
 */
export async function recordsRenewalsOf(tx: Tx, subscriptionId: string): Promise<boolean> {
  const [member] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.stripeSubscriptionId, subscriptionId))
    .limit(1);
  return member !== undefined;
}
