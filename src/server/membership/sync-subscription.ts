import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { users } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";
import { subscriptionSnapshot } from "../payments/subscription-snapshot";
import { recordWebhookEvent, type WebhookOutcome } from "../payments/webhook-inbox";
import { isMemberStatus } from "./subscription-status";

/**
 * customer.subscription.updated / .deleted: the member follows the provider (SPEC §4 Member account).
 * - cancelled at period end → cancel_at is set, the membership stays active until then;
 * - the cancellation withdrawn → cancel_at is cleared;
 * - a new period → next_billing_date moves;
 * - the subscription ends (deleted, or given up as unpaid) → is_member becomes false.
 * Stripe's subscription is fetched fresh, so an older event arriving late cannot roll it back.
 */
export async function syncSubscription(
  deps: AppDeps,
  event: Stripe.Event,
  subscription: Stripe.Subscription,
): Promise<WebhookOutcome> {
  const provider = deps.payments;
  if (!provider) throw new AppError("PAYMENT_PROVIDER", "Online payment is not configured");
  const fresh = (await provider.retrieveSubscription(subscription.id)) ?? subscriptionSnapshot(subscription);
  const ended = event.type === "customer.subscription.deleted" || !isMemberStatus(fresh.status);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    if (!(await recordWebhookEvent(tx, provider.name, event, now))) return "duplicate";
    // The member row is locked: the events of one subscription apply one after another.
    const [member] = await tx
      .select()
      .from(users)
      .where(eq(users.stripeSubscriptionId, subscription.id))
      .for("update");
    // Not ours, or its checkout has not completed yet (that fetches the subscription itself).
    if (!member) return "ignored";
    await tx
      .update(users)
      .set(
        ended
          ? { isMember: false, nextBillingDate: null, cancelAt: member.cancelAt ?? now, updatedAt: now }
          : {
              isMember: true,
              nextBillingDate: fresh.currentPeriodEnd ?? member.nextBillingDate,
              cancelAt: fresh.cancelAt,
              updatedAt: now,
            },
      )
      .where(eq(users.id, member.id));
    deps.logger.info({ userId: member.id, status: fresh.status, ended }, "membership subscription synced");
    return "updated";
  });
}
