import { eq } from "drizzle-orm";
import type { MyMembershipResponse } from "../../contracts/membership";
import { formatBillingDate } from "../../domain/membership";
import { venueToday } from "../../domain/venue-time";
import { users } from "../db/schema";
import type { AppDeps } from "../deps";
import { writeAudit } from "../kernel/staff/audit-log";
import { AppError } from "../lib/errors";
import { loadMemberCancelPolicy } from "../settings/member-cancel-policy";
import { loadVenueIdentity } from "../settings/venue-settings";
import { membershipEndingEmail } from "./membership-ending-email";
import { getMyMembership } from "./my-membership";

/**
 * Issue 34 item 4 (DECISIONS.md turn 3): when the venue allows it, a member cancels their own
 * membership at the end of the paid period — with Stripe, the subscription is set to cancel at period
 * end and Stripe's date is kept; with the test checkout the next billing date is the end. Audited,
 * and the member is emailed. With the policy off (the default) it stays staff's, with the manager
 * password, and the member is told to call.
 */
export async function cancelMyMembership(deps: AppDeps, userId: string): Promise<MyMembershipResponse> {
  const venue = await loadVenueIdentity(deps.db, deps.config);
  await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const [row] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!row?.isMember) throw new AppError("NOT_FOUND", "Membership not found");
    const policy = await loadMemberCancelPolicy(tx);
    if (!policy.enabled) {
      throw new AppError("FORBIDDEN", `To cancel your membership, please call us at ${venue.phone}.`);
    }
    if (row.cancelAt) {
      throw new AppError(
        "CONFLICT",
        `Your membership is already set to end on ${formatBillingDate(venueToday(row.cancelAt))}.`,
      );
    }
    let cancelAt = row.nextBillingDate;
    if (deps.payments && row.stripeSubscriptionId) {
      try {
        cancelAt =
          (await deps.payments.cancelAtPeriodEnd(row.stripeSubscriptionId, `member-cancel-${row.id}`)) ??
          cancelAt;
      } catch (err) {
        deps.logger.error({ err, userId }, "cancelling the subscription at the provider failed");
        throw new AppError("PAYMENT_PROVIDER", "Failed to cancel membership. Please try again.");
      }
    }
    if (!cancelAt) throw new AppError("CONFLICT", "Could not get subscription info");
    await tx.update(users).set({ cancelAt, updatedAt: now }).where(eq(users.id, row.id));
    const endsOn = venueToday(cancelAt);
    await writeAudit(tx, {
      actorUserId: row.id,
      action: "member_cancel_membership",
      targetType: "user",
      targetId: row.id,
      targetLabel: `${row.firstName} ${row.lastName}`.trim() || row.email,
      outcome: "success",
      at: now,
      details: { before: { cancelAt: null }, after: { cancelAt: cancelAt.toISOString() } },
    });
    await deps.outbox.enqueue(tx, {
      to: row.email,
      ...membershipEndingEmail({
        venue,
        firstName: row.firstName,
        plan: row.membershipPlan ?? "monthly",
        endsOn,
        membershipUrl: `${deps.config.publicUrl}/my-membership`,
      }),
      dedupeKey: `membership-ending-${row.id}-${endsOn}`,
    });
  });
  return getMyMembership(deps, userId);
}
