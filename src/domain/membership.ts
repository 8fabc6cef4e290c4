import { addMonths, addYears } from "date-fns";
import { formatPriceShort } from "./money";

// SPEC §9 Membership: the two plans, their prices and the benefits the signup screen lists.
export type MembershipPlan = "monthly" | "annual";
export const MEMBERSHIP_PLAN_IDS = ["monthly", "annual"] as const;

export const MEMBERSHIP_PLANS: Record<
  MembershipPlan,
  { label: string; priceCents: number; interval: "month" | "year" }
> = {
  monthly: { label: "Monthly", priceCents: 7900, interval: "month" },
  annual: { label: "Annually", priceCents: 85000, interval: "year" },
};

/** "Save $98": twelve monthly payments against one annual one. */
export const ANNUAL_SAVINGS_CENTS =
  12 * MEMBERSHIP_PLANS.monthly.priceCents - MEMBERSHIP_PLANS.annual.priceCents;

export const MEMBERSHIP_BENEFITS = [
  "2 free 2-hour court reservations per week (Monday–Thursday 8am–5pm, Friday 8am–3pm)",
  "Priority booking 14 days ahead",
  "$5 off per court per hour",
  "Member pricing for leagues, tournaments, rentals, gear and merchandise",
  "Free paddle rentals",
  "Free open play",
  "Member-only event invites",
] as const;

/** "$79/month" or "$850/year". */
export function planPriceLabel(plan: MembershipPlan): string {
  const p = MEMBERSHIP_PLANS[plan];
  return `${formatPriceShort(p.priceCents)}/${p.interval}`;
}

/** SPEC §2 Join membership: the button follows the plan. */
export function subscribeButtonLabel(plan: MembershipPlan): string {
  return `Subscribe for ${planPriceLabel(plan)}`;
}

/** When a subscription that starts (or renews) at `from` bills next: one month or one year on. */
export function nextBillingAfter(from: Date, plan: MembershipPlan): Date {
  return plan === "annual" ? addYears(from, 1) : addMonths(from, 1);
}

export const EMAIL_TAKEN_MESSAGE = "An account with this email already exists. Please sign in instead.";
export const SIGNUP_FAILED_MESSAGE = "Failed to start subscription process. Please try again.";
