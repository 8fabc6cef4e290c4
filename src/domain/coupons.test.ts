import { describe, expect, it } from "vitest";
import {
  COUPON_STATUS_LABELS,
  type CouponRule,
  couponStatus,
  evaluateCoupon,
  percentageOfCents,
  totalAfterDiscount,
} from "./coupons";

const coupon = (overrides: Partial<CouponRule> = {}): CouponRule => ({
  code: "SAVE10",
  type: "percentage",
  value: 10,
  startDate: "2026-11-01",
  endDate: "2026-11-30",
  minPurchaseCents: 0,
  maxUses: null,
  currentUses: 0,
  heldUses: 0,
  isActive: true,
  ...overrides,
});
const afternoon = new Date("2026-11-15T21:00:00Z"); // 3:00 PM in Chicago

describe("evaluateCoupon: discount", () => {
  it.each([
    ["10% of $45", { value: 10 }, 4500, 450],
    ["12.5% of $45 (562.5 rounds up)", { value: 12.5 }, 4500, 563],
    ["15% of $67.50 (1012.5 rounds up)", { value: 15 }, 6750, 1013],
    ["33.33% of $25", { value: 33.33 }, 2500, 833],
    ["0.01% of $1", { value: 0.01 }, 100, 0],
    ["100% of $90", { value: 100 }, 9000, 9000],
    ["150% is capped at the subtotal", { value: 150 }, 9000, 9000],
    ["$10 off $45", { type: "fixed_amount", value: 1000 }, 4500, 1000],
    ["$50 off $45 is capped", { type: "fixed_amount", value: 5000 }, 4500, 4500],
    ["$10 off an empty cart", { type: "fixed_amount", value: 1000 }, 0, 0],
  ] as const)("%s", (_, overrides, subtotal, discount) => {
    expect(evaluateCoupon(coupon(overrides), subtotal, afternoon)).toEqual({
      ok: true,
      discountCents: discount,
    });
  });
});

describe("evaluateCoupon: refusals", () => {
  it.each([
    ["unknown code", null, "COUPON_INVALID", "Invalid coupon code"],
    ["inactive", coupon({ isActive: false }), "COUPON_INVALID", "Invalid coupon code"],
    [
      "not started",
      coupon({ startDate: "2026-11-16" }),
      "COUPON_NOT_YET_VALID",
      "This coupon is not yet valid",
    ],
    ["ended", coupon({ endDate: "2026-11-14" }), "COUPON_EXPIRED", "This coupon has expired"],
    [
      "under the minimum",
      coupon({ minPurchaseCents: 5000 }),
      "COUPON_MIN_PURCHASE",
      "A minimum purchase of $50.00 is required for this coupon",
    ],
    [
      "used up",
      coupon({ maxUses: 5, currentUses: 5 }),
      "COUPON_USAGE_LIMIT",
      "This coupon has reached its usage limit",
    ],
    [
      "last use held by an unpaid checkout",
      coupon({ maxUses: 5, currentUses: 4, heldUses: 1 }),
      "COUPON_USAGE_LIMIT",
      "This coupon has reached its usage limit",
    ],
  ])("%s", (_, rule, code, message) => {
    expect(evaluateCoupon(rule, 4500, afternoon)).toEqual({ ok: false, code, message });
  });

  it("allows the last free use", () => {
    expect(
      evaluateCoupon(coupon({ maxUses: 5, currentUses: 3, heldUses: 1 }), 4500, afternoon),
    ).toMatchObject({
      ok: true,
    });
  });

  it("accepts exactly the minimum purchase", () => {
    expect(evaluateCoupon(coupon({ minPurchaseCents: 4500 }), 4500, afternoon)).toMatchObject({ ok: true });
  });
});

describe("evaluateCoupon: validity dates are venue dates, both inclusive", () => {
  const rule = coupon({ startDate: "2026-11-01", endDate: "2026-11-01" });
  it.each([
    ["2026-11-01T04:59:00Z", "COUPON_NOT_YET_VALID"], // Oct 31, 11:59 PM CDT
    ["2026-11-01T05:00:00Z", null], // Nov 1, midnight CDT
    ["2026-11-01T21:00:00Z", null], // 3:00 PM CST, after the clocks went back
    ["2026-11-02T05:59:00Z", null], // Nov 1, 11:59 PM CST
    ["2026-11-02T06:00:00Z", "COUPON_EXPIRED"], // Nov 2, midnight CST
  ])("at %s", (iso, code) => {
    const result = evaluateCoupon(rule, 4500, new Date(iso));
    expect(result.ok ? null : result.code).toBe(code);
  });

  it("works across the spring-forward day", () => {
    const march = coupon({ startDate: "2026-03-08", endDate: "2026-03-08" });
    expect(evaluateCoupon(march, 4500, new Date("2026-03-08T20:00:00Z"))).toMatchObject({ ok: true });
    expect(evaluateCoupon(march, 4500, new Date("2026-03-09T05:00:00Z"))).toMatchObject({ ok: false });
  });
});

describe("arithmetic helpers", () => {
  it.each([
    [4500, 10, 450],
    [4500, 12.5, 563],
    [1, 50, 1],
    [0, 25, 0],
  ])("%i × %d%% = %i", (subtotal, percent, discount) => {
    expect(percentageOfCents(subtotal, percent)).toBe(discount);
  });

  it.each([
    [9000, 1000, 8000],
    [9000, 9000, 0],
    [4500, 5000, 0],
  ])("total of %i less %i is %i", (subtotal, discount, total) => {
    expect(totalAfterDiscount(subtotal, discount)).toBe(total);
  });
});

describe("couponStatus: the admin's badge (issue 34)", () => {
  // 11:30 PM on Nov 30 in Chicago is Dec 1 in UTC: the venue's date decides.
  const lastEvening = new Date("2026-12-01T05:30:00Z");
  const nextMorning = new Date("2026-12-01T14:00:00Z");
  it.each([
    ["active, in its dates, uses left", {}, afternoon, "Active"],
    ["turned off by staff", { isActive: false }, afternoon, "Inactive"],
    ["turned off and past its end", { isActive: false, endDate: "2026-11-01" }, afternoon, "Inactive"],
    ["the evening of its last day (venue time)", {}, lastEvening, "Active"],
    ["the morning after its last day", {}, nextMorning, "Expired"],
    ["uses reached max_uses", { maxUses: 5, currentUses: 5 }, afternoon, "Used up"],
    ["one use left", { maxUses: 5, currentUses: 4 }, afternoon, "Active"],
    ["no maximum", { maxUses: null, currentUses: 900 }, afternoon, "Active"],
    [
      "expired and used up: expired first",
      { maxUses: 1, currentUses: 1, endDate: "2026-11-02" },
      afternoon,
      "Expired",
    ],
  ] as const)("%s → %s", (_, overrides, now, label) => {
    expect(COUPON_STATUS_LABELS[couponStatus(coupon(overrides), now)]).toBe(label);
  });
});
