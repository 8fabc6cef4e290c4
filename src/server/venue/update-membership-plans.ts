import type { MembershipPlansResponse } from "../../contracts/membership-plans";
import { type PlanSettings, validateMembershipPlans } from "../../domain/membership";
import type { SessionUser } from "../auth/session-user";
import type { AppDeps } from "../deps";
import { writeAudit } from "../kernel/staff/audit-log";
import { AppError } from "../lib/errors";
import { planPriceProblem, readMembershipPlans, saveMembershipPlans } from "../settings/membership-plans";
import { changeVenueRules } from "./change-venue-rules";

/** A plan without a price id is refused in production when a real provider takes the payments. */
export const priceIdRequired = (deps: AppDeps) => deps.config.isProduction && deps.payments?.name !== "test";

export async function membershipPlansOf(deps: AppDeps): Promise<MembershipPlansResponse> {
  return {
    plans: await readMembershipPlans(deps.db),
    provider: deps.payments?.name ?? null,
    priceIdRequired: priceIdRequired(deps),
  };
}

/**
 * Staff save the membership plans (issue 32 item 3): name, price, interval, the provider's price id.
 * A plan with no name, a price of $0 or less or over $10,000, an unknown interval, or (in
 * production with a real provider) no price id is refused with the first problem in words; so is a
 * price id whose price at the provider is another amount or interval. Nothing changes then. A change
 * is audited with before and after, and /signup and the checkout follow in every instance at once;
 * running subscriptions keep what was sold.
 */
export async function updateMembershipPlans(
  deps: AppDeps,
  actor: SessionUser,
  proposed: PlanSettings[],
): Promise<MembershipPlansResponse> {
  const plans = proposed.map((p) => ({
    ...p,
    name: p.name.trim(),
    providerPriceId: p.providerPriceId?.trim() || null,
  }));
  const first = validateMembershipPlans(plans, { requirePriceId: priceIdRequired(deps) })[0];
  if (first) throw new AppError("VALIDATION", first.message, undefined, { field: first.field });
  // The provider is asked before the transaction opens: no lock is held across a network call.
  for (const [i, plan] of plans.entries()) {
    if (!plan.providerPriceId) continue;
    let problem: string | null;
    try {
      problem = await planPriceProblem(deps.payments, plan);
    } catch (err) {
      deps.logger.warn({ err, plan: plan.id }, "a plan's price id could not be checked at the provider");
      throw new AppError(
        "VALIDATION",
        `The payment provider does not know the price id ${plan.providerPriceId} of the ${plan.name} plan (or could not be reached): check the id and try again`,
        undefined,
        { field: `plans.${i}.providerPriceId` },
      );
    }
    if (problem) {
      throw new AppError("VALIDATION", problem, undefined, { field: `plans.${i}.providerPriceId` });
    }
  }
  await changeVenueRules(deps, async (tx) => {
    const now = deps.now();
    const before = await readMembershipPlans(tx);
    await saveMembershipPlans(tx, plans, actor.id, now);
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: "update_membership_plans",
      targetType: "membership_plans",
      targetId: "venue",
      targetLabel: plans.map((p) => `${p.name} ${p.priceCents / 100}/${p.interval}`).join(", "),
      outcome: "success",
      at: now,
      details: { before, after: plans },
    });
  });
  return membershipPlansOf(deps);
}
