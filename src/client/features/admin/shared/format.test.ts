import { describe, expect, it } from "vitest";
import { formatDateMedium, formatDiscount, formatUsage } from "./format";

describe("staff screen formats (SPEC §2 Coupon Codes, Active Members)", () => {
  it.each([
    ["2026-12-08", "Dec 8, 2026"],
    ["2027-01-31", "Jan 31, 2027"],
  ])("%s reads %s", (date, text) => {
    expect(formatDateMedium(date)).toBe(text);
  });

  it.each([
    ["percentage", 10, "10%"],
    ["percentage", 12.5, "12.5%"],
    ["percentage", 0.01, "0.01%"],
    ["fixed_amount", 5, "$5.00"],
    ["fixed_amount", 7.5, "$7.50"],
    ["fixed_amount", 1250, "$1,250.00"],
  ] as const)("%s %d reads %s", (type, value, text) => {
    expect(formatDiscount(type, value)).toBe(text);
  });

  it("shows usage against the maximum, or the count alone", () => {
    expect(formatUsage(3, 100)).toBe("3 / 100");
    expect(formatUsage(0, null)).toBe("0");
  });
});
