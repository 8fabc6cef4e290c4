import { describe, expect, it } from "vitest";
import {
  ANNUAL_SAVINGS_CENTS,
  MEMBERSHIP_BENEFITS,
  nextBillingAfter,
  planPriceLabel,
  subscribeButtonLabel,
} from "./membership";

describe("membership plans (SPEC §9 Membership)", () => {
  it("prices the plans and the annual saving as the signup screen shows them", () => {
    expect(planPriceLabel("monthly")).toBe("$79/month");
    expect(planPriceLabel("annual")).toBe("$850/year");
    expect(ANNUAL_SAVINGS_CENTS).toBe(9800);
    expect(subscribeButtonLabel("monthly")).toBe("Subscribe for $79/month");
    expect(subscribeButtonLabel("annual")).toBe("Subscribe for $850/year");
  });

  it("lists the seven benefits", () => {
    expect(MEMBERSHIP_BENEFITS).toHaveLength(7);
    expect(MEMBERSHIP_BENEFITS[0]).toContain("Monday–Thursday 8am–5pm, Friday 8am–3pm");
  });

  it.each([
    ["monthly", "2026-01-31T18:00:00Z", "2026-02-28T18:00:00.000Z"], // clamps to the month's end
    ["monthly", "2026-11-18T15:00:00Z", "2026-12-18T15:00:00.000Z"],
    ["annual", "2026-11-18T15:00:00Z", "2027-11-18T15:00:00.000Z"],
  ] as const)("%s from %s bills next at %s", (plan, from, expected) => {
    expect(nextBillingAfter(new Date(from), plan).toISOString()).toBe(expected);
  });
});
