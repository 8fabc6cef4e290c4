import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { users } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";
import { invoicePeriodEnd, invoiceSubscriptionId } from "../payments/subscription-snapshot";
import { recordWebhookEvent, type WebhookOutcome } from "../payments/webhook-inbox";
import { isMemberStatus } from "./subscription-status";

/**
 * invoice.paid: a renewal. The next billing date moves to the end of the period now paid for, and
 * only forward, so a repeated or late invoice never moves it back. The first invoice of a new
 * subscription usually arrives before the account exists; it is ignored (the checkout's own
 * completion reads the period).
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
    // A paid invoice brings a past-due membership back; the provider's status has the last word.
    // Without one (the test checkout), an invoice never revives a membership that has ended.
    const isMember = fresh ? isMemberStatus(fresh.status) : member.isMember;
    const current = member.nextBillingDate;
    const nextBillingDate = isMember && periodEnd && (!current || periodEnd > current) ? periodEnd : current;
    await tx.update(users).set({ nextBillingDate, isMember, updatedAt: now }).where(eq(users.id, member.id));
    deps.logger.info({ userId: member.id, nextBillingDate }, "membership renewed");
    return "updated";
  });
}
