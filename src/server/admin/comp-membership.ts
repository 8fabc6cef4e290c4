import { and, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { CompMembershipRequest, CompMembershipResponse } from "../../contracts/membership-plans";
import { formatBillingDate } from "../../domain/membership";
import { addMonthsToDate, venueInstant, venueToday } from "../../domain/venue-time";
import type { SessionUser } from "../auth/session-user";
import { users } from "../db/schema";
import type { AppDeps } from "../deps";
import { writeAudit } from "../kernel/staff/audit-log";
import { AppError } from "../lib/errors";
import { memberLabel } from "./member-dto";

// Issue 32 item 3: staff comp a membership — a person is a member for N months without payment
// (a free month, a staff membership). It ends by itself (endDueComps, a background job).

/**
 * Comps N months (venue dates: a comp ends at the venue's midnight that starts its end date):
 * - a person without a running subscription (a former member, a staff member) is a member from
 *   today, or from the end of a comp still running, and stops being one when it ends;
 * - a paying member's next N months are free: from the next billing date (or the end of a comp
 *   still running) nothing is charged until the end, when the subscription bills again at its own
 *   price (Stripe: a trial to that instant). A membership already set to end is refused.
 * Audited with before and after in the same transaction.
 */
export async function compMembership(
  deps: AppDeps,
  actor: SessionUser,
  input: CompMembershipRequest,
): Promise<CompMembershipResponse> {
  const email = input.email.trim().toLowerCase();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(users).where(sql`lower(${users.email}) = ${email}`).for("update");
    if (!row) {
      throw new AppError(
        "NOT_FOUND",
        `No account uses ${email}. Comps are for existing accounts: members and former members, and staff.`,
        undefined,
        { field: "email" },
      );
    }
    const now = deps.now();
    const compRunning = row.isMember && row.compEndsAt !== null && row.compEndsAt > now;
    const subscription = row.isMember ? row.stripeSubscriptionId : null;
    if (subscription && row.cancelAt) {
      throw new AppError(
        "CONFLICT",
        `${memberLabel(row)}'s membership is set to end on ${formatBillingDate(venueToday(row.cancelAt))}: it cannot be comped now.`,
        undefined,
        { field: "email" },
      );
    }
    const start = compRunning ? row.compEndsAt : subscription ? row.nextBillingDate : null;
    const from = venueToday(start && start > now ? start : now);
    const endsOn = addMonthsToDate(from, input.months);
    const compEndsAt = venueInstant(endsOn, "00:00");
    const before = {
      isMember: row.isMember,
      compEndsAt: row.compEndsAt?.toISOString() ?? null,
      nextBillingDate: row.nextBillingDate?.toISOString() ?? null,
      stripeSubscriptionId: row.stripeSubscriptionId,
    };
    const after = subscription
      ? // A paying member: billing resumes when the comp ends.
        { isMember: true, compEndsAt, nextBillingDate: compEndsAt, stripeSubscriptionId: subscription }
      : // No subscription: an ended one's late events must not touch the comp.
        { isMember: true, compEndsAt, nextBillingDate: null, stripeSubscriptionId: null, cancelAt: null };
    if (subscription && deps.payments) {
      await deps.payments.deferBilling(subscription, compEndsAt, `comp-${row.id}-${endsOn}`);
    }
    await tx
      .update(users)
      .set({ ...after, updatedAt: now })
      .where(eq(users.id, row.id));
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: "comp_membership",
      targetType: "user",
      targetId: row.id,
      targetLabel: memberLabel(row),
      outcome: "success",
      at: now,
      details: {
        months: input.months,
        message: subscription
          ? `No charge until ${formatBillingDate(endsOn)}, then the subscription bills again`
          : `Member without payment until ${formatBillingDate(endsOn)}`,
        before,
        after: {
          isMember: true,
          compEndsAt: compEndsAt.toISOString(),
          nextBillingDate: after.nextBillingDate?.toISOString() ?? null,
          stripeSubscriptionId: after.stripeSubscriptionId,
        },
      },
    });
    return { member: { id: row.id, email: row.email, compEndsOn: endsOn } };
  });
}

/**
 * Comps whose time is up: an account without a subscription is no longer a member; a paying
 * member's subscription bills again (the provider's own doing) and the comp is forgotten. Every
 * instance may run it: each row changes once.
 */
export async function endDueComps(deps: AppDeps): Promise<number> {
  const now = deps.now();
  const due = and(isNotNull(users.compEndsAt), lte(users.compEndsAt, now));
  const ended = await deps.db
    .update(users)
    .set({ isMember: false, compEndsAt: null, updatedAt: now })
    .where(and(due, eq(users.isMember, true), isNull(users.stripeSubscriptionId)))
    .returning({ id: users.id });
  await deps.db
    .update(users)
    .set({ compEndsAt: null, updatedAt: now })
    .where(and(due, isNotNull(users.stripeSubscriptionId)));
  if (ended.length > 0) deps.logger.info({ userIds: ended.map((u) => u.id) }, "comped memberships ended");
  return ended.length;
}
