import { eq } from "drizzle-orm";
import type { ActiveMember, SubscriptionInfo } from "../../contracts/admin-members";
import { venueToday } from "../../domain/venue-time";
import type { SessionUser } from "../auth/session-user";
import { users } from "../db/schema";
import type { AppDeps } from "../deps";
import { withManagerPassword } from "../kernel/staff/manager-authorization";
import { AppError } from "../lib/errors";
import { present } from "../lib/present";
import { memberLabel, memberNoShows, toActiveMember } from "./member-dto";
import { subscriptionCanceller } from "./stripe-subscriptions";

const NO_SUBSCRIPTION = "Could not get subscription info";

async function loadMember(deps: AppDeps, userId: string) {
  const user = await deps.db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user?.isMember) throw new AppError("NOT_FOUND", "Member not found");
  return user;
}

/**
 * SPEC §7 get_subscription_info: the next billing date, which the cancellation modal quotes. It is
 * kept on the user by the membership webhooks (renewals move it), so no provider call is needed.
 */
export async function getSubscriptionInfo(deps: AppDeps, userId: string): Promise<SubscriptionInfo> {
  const user = await loadMember(deps, userId);
  if (!user.nextBillingDate) throw new AppError("NOT_FOUND", NO_SUBSCRIPTION);
  return { nextBillingDate: venueToday(user.nextBillingDate) };
}

/**
 * SPEC §4 Member account, §7 cancel_membership: the membership stays active until the end of the
 * paid period, then ends (cancel_at). With Stripe, the subscription is set to cancel at period end
 * and Stripe's date is kept; with the test provider the next billing date is used. Behind the
 * manager password; a repeat changes nothing.
 */
export async function cancelMembership(
  deps: AppDeps,
  actor: SessionUser,
  userId: string,
  managerPassword: string,
): Promise<ActiveMember> {
  const user = await loadMember(deps, userId);
  const target = {
    action: "cancel_membership" as const,
    targetType: "user" as const,
    targetId: user.id,
    targetLabel: memberLabel(user),
  };
  return withManagerPassword(deps, actor, managerPassword, target, async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!row?.isMember) throw new AppError("NOT_FOUND", "Member not found");
    if (row.cancelAt)
      return {
        result: toActiveMember(row, await memberNoShows(tx, row.email)),
        details: { alreadyCancelling: true },
      };
    const canceller = subscriptionCanceller(deps.config);
    let cancelAt: Date | null = row.nextBillingDate;
    let via = "local";
    if (canceller && row.stripeSubscriptionId) {
      try {
        cancelAt =
          (await canceller.cancelAtPeriodEnd(row.stripeSubscriptionId, `cancel-membership-${row.id}`)) ??
          cancelAt;
        via = "stripe";
      } catch (err) {
        deps.logger.error({ err, userId }, "cancelling the subscription at Stripe failed");
        throw new AppError("PAYMENT_PROVIDER", "Failed to cancel membership");
      }
    }
    if (!cancelAt) throw new AppError("NOT_FOUND", NO_SUBSCRIPTION);
    const [updated] = await tx
      .update(users)
      .set({ cancelAt, updatedAt: deps.now() })
      .where(eq(users.id, userId))
      .returning();
    return {
      result: toActiveMember(present(updated), await memberNoShows(tx, row.email)),
      details: { via, cancelAt: cancelAt.toISOString() },
    };
  });
}
