import { describe, expect, it } from "vitest";
import {
  DEFAULT_MEMBERSHIP_PLANS,
  formatBillingDate,
  nextBillingAfter,
  type PlanSettings,
  planPriceLabel,
  planSavingsCents,
  planSavingsNote,
  providerPriceProblem,
  selfCancelMessage,
  subscribeButtonLabel,
  validateMembershipPlans,
} from "./membership";

const [MONTHLY, ANNUAL] = DEFAULT_MEMBERSHIP_PLANS as [PlanSettings, PlanSettings];
const plans = (monthly: Partial<PlanSettings>, annual: Partial<PlanSettings> = {}): PlanSettings[] => [
  { ...MONTHLY, ...monthly },
  { ...ANNUAL, ...annual },
];

describe("membership plans (SPEC §9 Membership, the demo's defaults)", () => {
  it("prices the plans and the annual saving as the signup screen shows them", () => {
    expect(planPriceLabel(MONTHLY)).toBe("$79/month");
    expect(planPriceLabel(ANNUAL)).toBe("$850/year");
    expect(planSavingsCents(DEFAULT_MEMBERSHIP_PLANS, ANNUAL)).toBe(9800);
    expect(planSavingsNote(DEFAULT_MEMBERSHIP_PLANS, ANNUAL)).toBe("Save $98");
    expect(planSavingsNote(DEFAULT_MEMBERSHIP_PLANS, MONTHLY)).toBeNull();
    expect(subscribeButtonLabel(MONTHLY)).toBe("Subscribe for $79/month");
    expect(subscribeButtonLabel(ANNUAL)).toBe("Subscribe for $850/year");
  });

  it.each([
    ["monthly $89, annual $850", 8900, 85000, "Save $218"],
    ["cents survive", 7950, 85000, "Save $104"],
    ["a saving with cents", 7925, 85000, "Save $101"],
    ["odd cents", 7901, 85001, "Save $98.11"],
    ["the year costs as much", 7900, 94800, null],
    ["the year costs more", 7900, 99000, null],
  ] as const)("the savings note follows the plans: %s", (_, monthly, annual, note) => {
    const edited = plans({ priceCents: monthly }, { priceCents: annual });
    expect(planSavingsNote(edited, present(edited[1]))).toBe(note);
  });

  it("compares a yearly plan with the cheapest monthly one, and notes nothing without one", () => {
    const twoMonthly = plans({ priceCents: 7000 }, { interval: "month", priceCents: 9000 });
    expect(twoMonthly.map((p) => planSavingsNote(twoMonthly, p))).toEqual([null, null]);
    const twoYearly = plans({ interval: "year", priceCents: 90000 });
    expect(twoYearly.map((p) => planSavingsNote(twoYearly, p))).toEqual([null, null]);
  });

  it.each([
    ["month", "2026-01-31T18:00:00Z", "2026-02-28T18:00:00.000Z"], // clamps to the month's end
    ["month", "2026-11-18T15:00:00Z", "2026-12-18T15:00:00.000Z"],
    ["year", "2026-11-18T15:00:00Z", "2027-11-18T15:00:00.000Z"],
  ] as const)("a %s plan from %s bills next at %s", (interval, from, expected) => {
    expect(nextBillingAfter(new Date(from), interval).toISOString()).toBe(expected);
  });
});

describe("validateMembershipPlans (bad input: a clear message)", () => {
  const messages = (p: PlanSettings[], requirePriceId = false) =>
    validateMembershipPlans(p, { requirePriceId }).map((x) => x.message);

  it("accepts the spec's plans, with or without price ids outside production", () => {
    expect(messages(DEFAULT_MEMBERSHIP_PLANS)).toEqual([]);
    expect(
      messages(plans({ providerPriceId: "price_1AbC" }, { providerPriceId: "price_2-x" }), true),
    ).toEqual([]);
  });

  it.each([
    ["an empty name", { name: "  " }, "The first plan needs a name"],
    ["a negative price", { priceCents: -100 }, "The Monthly plan's price must be more than $0"],
    ["a free plan", { priceCents: 0 }, "The Monthly plan's price must be more than $0"],
    ["over $10,000", { priceCents: 1_000_001 }, "The Monthly plan's price must be at most $10,000"],
    ["fractions of a cent", { priceCents: 79.5 }, "The Monthly plan's price must be in whole cents"],
    [
      "an unknown interval",
      { interval: "week" as never },
      "The Monthly plan bills every month or every year",
    ],
    ["a price id with spaces", { providerPriceId: "price 1" }, expect.stringContaining("price id")],
    ["a long name", { name: "x".repeat(61) }, "A plan's name is at most 60 characters"],
  ])("refuses %s", (_, patch, message) => {
    expect(messages(plans(patch))).toEqual([message]);
  });

  it("accepts exactly $10,000", () => {
    expect(messages(plans({ priceCents: 1_000_000 }))).toEqual([]);
  });

  it("in production with a real provider, needs every plan's price id", () => {
    expect(messages(plans({ providerPriceId: "price_m" }), true)).toEqual([
      "The Annually plan needs the payment provider's price id before members can subscribe to it",
    ]);
  });

  it("needs each plan once", () => {
    expect(messages([MONTHLY, MONTHLY])).toEqual(["Send each plan once (monthly, annual)"]);
  });
});

describe("providerPriceProblem", () => {
  const plan = { ...MONTHLY, providerPriceId: "price_m" };
  it("is satisfied by the same amount, interval and dollars", () => {
    expect(providerPriceProblem(plan, { amountCents: 7900, interval: "month", currency: "usd" })).toBeNull();
  });
  it("names what the provider would charge instead", () => {
    expect(providerPriceProblem(plan, { amountCents: 8900, interval: "month", currency: "usd" })).toBe(
      "The Monthly plan's price id price_m charges $89/month at the payment provider, not $79/month: change the price or the price id so they match",
    );
    expect(providerPriceProblem(plan, { amountCents: 7900, interval: "year", currency: "usd" })).toContain(
      "charges $79/year",
    );
    expect(providerPriceProblem(plan, { amountCents: 7900, interval: null, currency: "usd" })).toContain(
      "charges $79 once",
    );
    expect(providerPriceProblem(plan, { amountCents: 7900, interval: "month", currency: "eur" })).toBe(
      "The Monthly plan's price id price_m is in EUR, not US dollars",
    );
  });
});

function present<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("missing");
  return value;
}

describe("formatBillingDate and selfCancelMessage (issue 34)", () => {
  it("writes a venue date in words", () => {
    expect(formatBillingDate("2026-12-08")).toBe("December 8, 2026");
  });
  it("says how to cancel, by the venue's policy", () => {
    const phone = "(512) 555-0142";
    expect(selfCancelMessage({ policyOn: false, endsOn: null, renewsOn: "2026-12-08", phone })).toBe(
      "To cancel your membership, please call us at (512) 555-0142.",
    );
    expect(selfCancelMessage({ policyOn: true, endsOn: null, renewsOn: "2026-12-08", phone })).toBe(
      "You can cancel online. Your membership stays active until December 8, 2026, then ends and is not renewed.",
    );
    expect(selfCancelMessage({ policyOn: true, endsOn: "2026-12-08", renewsOn: null, phone })).toBe(
      "Your membership ends on December 8, 2026. To keep it, call us at (512) 555-0142.",
    );
  });
});
