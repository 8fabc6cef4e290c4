import { and, asc, eq, isNull } from "drizzle-orm";
import type { PublicPlansResponse } from "../../contracts/membership-plans";
import {
  DEFAULT_MEMBERSHIP_PLANS,
  type MembershipPlan,
  type PlanInterval,
  type PlanSettings,
  planSavingsNote,
  providerPriceProblem,
} from "../../domain/membership";
import type { Db, Tx } from "../db/client";
import { membershipPlans } from "../db/schema";
import type { PaymentProvider } from "../payment-provider";
import { cachedVenueReader } from "./venue-rules-cache";

// Issue 32 item 3: the membership plans, two rows seeded by migration 0022 with the spec's plans.
// /signup, the checkout and the emails read them through the venue rules' cache; a staff change
// forgets it in every instance (changeVenueRules).

/** The plans as stored, in their order, uncached (inside a transaction that is about to change them). */
export async function readMembershipPlans(executor: Db | Tx): Promise<PlanSettings[]> {
  const rows = await executor.select().from(membershipPlans).orderBy(asc(membershipPlans.position));
  if (rows.length === 0) return DEFAULT_MEMBERSHIP_PLANS;
  return rows.map((row) => ({
    id: row.id as MembershipPlan,
    name: row.name,
    priceCents: row.priceCents,
    interval: row.interval as PlanInterval,
    providerPriceId: row.providerPriceId,
  }));
}

/** The venue's plans, from this instance's cache of the venue's rules. */
export const loadMembershipPlans = cachedVenueReader((db: Db) => readMembershipPlans(db));

/** The plans as /signup shows them: no provider ids, with the "Save $N" note computed from the plans. */
export async function loadPublicPlans(db: Db): Promise<PublicPlansResponse> {
  const plans = await loadMembershipPlans(db);
  return {
    plans: plans.map((p) => ({
      id: p.id,
      name: p.name,
      priceCents: p.priceCents,
      interval: p.interval,
      savingsNote: planSavingsNote(plans, p),
    })),
  };
}

export function planOf(plans: PlanSettings[], id: MembershipPlan): PlanSettings {
  const plan = plans.find((p) => p.id === id);
  if (!plan) throw new Error(`no membership plan ${id}`);
  return plan;
}

export async function saveMembershipPlans(
  tx: Tx,
  plans: PlanSettings[],
  actorUserId: string,
  now: Date,
): Promise<void> {
  for (const [i, plan] of plans.entries()) {
    const values = {
      name: plan.name.trim(),
      priceCents: plan.priceCents,
      interval: plan.interval,
      providerPriceId: plan.providerPriceId?.trim() || null,
      position: i + 1,
      updatedAt: now,
      updatedBy: actorUserId,
    };
    await tx
      .insert(membershipPlans)
      .values({ id: plan.id, ...values })
      .onConflictDoUpdate({ target: membershipPlans.id, set: values });
  }
}

/**
 * STRIPE_PRICE_MONTHLY / STRIPE_PRICE_ANNUAL are first-run defaults only: a plan that has no price id
 * yet takes the configured one at startup; once a plan has one, staff's value is the truth.
 */
export async function adoptConfiguredPriceIds(
  db: Db,
  configured: Partial<Record<MembershipPlan, string | undefined>>,
): Promise<void> {
  for (const [id, priceId] of Object.entries(configured)) {
    if (!priceId) continue;
    await db
      .update(membershipPlans)
      .set({ providerPriceId: priceId })
      .where(and(eq(membershipPlans.id, id), isNull(membershipPlans.providerPriceId)));
  }
}

/**
 * Whether the provider would charge the plan's stated price: null when it does (or when the
 * provider has no prices to check: the test checkout), else the problem in words. A plan without a
 * price id cannot be charged by a provider that has prices. Rejects when the provider cannot be asked.
 */
export async function planPriceProblem(
  provider: PaymentProvider | null,
  plan: PlanSettings,
): Promise<string | null> {
  if (!provider || provider.name === "test") return null;
  if (!plan.providerPriceId) {
    return `The ${plan.name} plan has no price id at the payment provider`;
  }
  const price = await provider.describePrice(plan.providerPriceId);
  return price ? providerPriceProblem(plan, price) : null;
}
