import { addMonths, addYears } from "date-fns";
import { LONG_MONTHS } from "./events";
import { formatPriceShort } from "./money";

// SPEC §9 Membership: two plans, Monthly $79 and Annually $850. Issue 32 item 3: they are the
// venue's data (membership_plans, seeded with these values), edited by staff; these are the defaults.
export type MembershipPlan = "monthly" | "annual";
export const MEMBERSHIP_PLAN_IDS = ["monthly", "annual"] as const;
export const PLAN_INTERVALS = ["month", "year"] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

/** One plan as the venue sells it: shown on /signup and charged at the checkout. */
export type PlanSettings = {
  id: MembershipPlan;
  name: string;
  priceCents: number;
  interval: PlanInterval;
  /** The payment provider's recurring price (Stripe: price_…); null with the test checkout. */
  providerPriceId: string | null;
};

export const DEFAULT_MEMBERSHIP_PLANS: PlanSettings[] = [
  { id: "monthly", name: "Monthly", priceCents: 7900, interval: "month", providerPriceId: null },
  { id: "annual", name: "Annually", priceCents: 85000, interval: "year", providerPriceId: null },
];

/** The bound on a price a person could mean: $10,000. */
export const MAX_PLAN_PRICE_CENTS = 1_000_000;
export const MAX_PLAN_NAME_LENGTH = 60;

type Priced = Pick<PlanSettings, "priceCents" | "interval">;

/** "$79/month" or "$850/year". */
export function planPriceLabel(plan: Priced): string {
  return `${formatPriceShort(plan.priceCents)}/${plan.interval}`;
}

/** SPEC §2 Join membership: the button follows the plan. */
export function subscribeButtonLabel(plan: Priced): string {
  return `Subscribe for ${planPriceLabel(plan)}`;
}

/**
 * What a yearly plan saves against paying the (cheapest) monthly plan twelve times: 9800 for the
 * spec's plans ("Save $98"); null for a monthly plan, without a monthly plan to compare, or when
 * the year costs as much or more.
 */
export function planSavingsCents(plans: Priced[], plan: Priced): number | null {
  if (plan.interval !== "year") return null;
  const monthly = plans.filter((p) => p.interval === "month").map((p) => p.priceCents);
  if (monthly.length === 0) return null;
  const saving = 12 * Math.min(...monthly) - plan.priceCents;
  return saving > 0 ? saving : null;
}

/** The note beside a plan on /signup: "Save $98", or null. */
export function planSavingsNote(plans: Priced[], plan: Priced): string | null {
  const saving = planSavingsCents(plans, plan);
  return saving === null ? null : `Save ${formatPriceShort(saving)}`;
}

/** When a subscription that starts (or renews) at `from` bills next: one month or one year on. */
export function nextBillingAfter(from: Date, interval: PlanInterval): Date {
  return interval === "year" ? addYears(from, 1) : addMonths(from, 1);
}

export type PlanProblem = { field: string; message: string };

/**
 * Staff's plans, checked before anything is saved: a name, a price above $0 and at most $10,000 in
 * whole cents, a monthly or yearly interval, a provider price id without spaces; with
 * `requirePriceId` (production with a real payment provider) every plan needs its price id.
 */
export function validateMembershipPlans(
  plans: PlanSettings[],
  options: { requirePriceId: boolean },
): PlanProblem[] {
  const problems: PlanProblem[] = [];
  const ids = plans.map((p) => p.id);
  for (const id of MEMBERSHIP_PLAN_IDS) {
    if (ids.filter((x) => x === id).length !== 1) {
      problems.push({ field: "plans", message: `Send each plan once (${MEMBERSHIP_PLAN_IDS.join(", ")})` });
      return problems;
    }
  }
  plans.forEach((plan, i) => {
    const name = plan.name.trim();
    const called = name || (plan.id === "monthly" ? "first" : "second");
    const the = name ? `The ${name} plan` : `The ${called} plan`;
    if (!name) problems.push({ field: `plans.${i}.name`, message: `The ${called} plan needs a name` });
    else if (name.length > MAX_PLAN_NAME_LENGTH) {
      problems.push({
        field: `plans.${i}.name`,
        message: `A plan's name is at most ${MAX_PLAN_NAME_LENGTH} characters`,
      });
    }
    if (!Number.isInteger(plan.priceCents)) {
      problems.push({ field: `plans.${i}.priceCents`, message: `${the}'s price must be in whole cents` });
    } else if (plan.priceCents <= 0) {
      problems.push({ field: `plans.${i}.priceCents`, message: `${the}'s price must be more than $0` });
    } else if (plan.priceCents > MAX_PLAN_PRICE_CENTS) {
      problems.push({
        field: `plans.${i}.priceCents`,
        message: `${the}'s price must be at most ${formatPriceShort(MAX_PLAN_PRICE_CENTS)}`,
      });
    }
    if (!(PLAN_INTERVALS as readonly string[]).includes(plan.interval)) {
      problems.push({ field: `plans.${i}.interval`, message: `${the} bills every month or every year` });
    }
    const priceId = plan.providerPriceId?.trim() ?? "";
    if (priceId && !/^[A-Za-z0-9_-]{1,100}$/.test(priceId)) {
      problems.push({
        field: `plans.${i}.providerPriceId`,
        message: `${the}'s price id is the payment provider's id, such as price_1AbC… (letters, digits, _ and -)`,
      });
    } else if (!priceId && options.requirePriceId) {
      problems.push({
        field: `plans.${i}.providerPriceId`,
        message: `${the} needs the payment provider's price id before members can subscribe to it`,
      });
    }
  });
  return problems;
}

/** A recurring price as the payment provider holds it (Stripe: unit_amount, recurring.interval, currency). */
export type ProviderPrice = { amountCents: number | null; interval: string | null; currency: string };

/**
 * Why the provider's price cannot charge this plan (staff read it on save), or null when it charges
 * exactly the plan's price, in dollars, every interval.
 */
export function providerPriceProblem(plan: PlanSettings, price: ProviderPrice): string | null {
  const stated = planPriceLabel(plan);
  const amount = price.amountCents === null ? "no fixed amount" : formatPriceShort(price.amountCents);
  const actual =
    price.interval === "month" || price.interval === "year"
      ? `${amount}/${price.interval}`
      : price.interval
        ? `${amount} every ${price.interval}`
        : `${amount} once`;
  if (price.currency.toLowerCase() !== "usd") {
    return `The ${plan.name} plan's price id ${plan.providerPriceId} is in ${price.currency.toUpperCase()}, not US dollars`;
  }
  if (price.amountCents !== plan.priceCents || price.interval !== plan.interval) {
    return `The ${plan.name} plan's price id ${plan.providerPriceId} charges ${actual} at the payment provider, not ${stated}: change the price or the price id so they match`;
  }
  return null;
}

/** A customer's checkout refused because the provider would charge another amount than shown. */
export function planUnavailableMessage(plan: PlanSettings, phone: string): string {
  return `The ${plan.name} plan can't be bought online right now: its price at our payment provider doesn't match ${planPriceLabel(plan)}. Please call us at ${phone} to join.`;
}

export const EMAIL_TAKEN_MESSAGE = "An account with this email already exists. Please sign in instead.";
export const SIGNUP_FAILED_MESSAGE = "Failed to start subscription process. Please try again.";

/** "December 8, 2026" for the venue date "2026-12-08" (billing and end dates). */
export function formatBillingDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return `${LONG_MONTHS[m - 1]} ${d}, ${y}`;
}

/** What a member reads about cancelling (issue 34 item 4): the venue's policy, or the date it ends. */
export function selfCancelMessage(input: {
  policyOn: boolean;
  endsOn: string | null;
  renewsOn: string | null;
  phone: string;
}): string {
  if (input.endsOn) {
    return `Your membership ends on ${formatBillingDate(input.endsOn)}. To keep it, call us at ${input.phone}.`;
  }
  if (!input.policyOn) return `To cancel your membership, please call us at ${input.phone}.`;
  return input.renewsOn
    ? `You can cancel online. Your membership stays active until ${formatBillingDate(input.renewsOn)}, then ends and is not renewed.`
    : "You can cancel online. Your membership stays active until the end of the period you paid for.";
}
