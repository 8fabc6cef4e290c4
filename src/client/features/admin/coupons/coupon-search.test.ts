import { describe, expect, it } from "vitest";
import type { AdminCoupon } from "../../../../contracts/admin-coupons";
import { searchCoupons } from "./coupon-search";

const coupon = (code: string, description: string | null): AdminCoupon => ({
  id: code,
  code,
  description,
  type: "percentage",
  value: 10,
  startDate: "2026-11-01",
  endDate: "2026-12-31",
  minPurchaseAmount: 0,
  maxUses: null,
  currentUses: 0,
  isActive: true,
  status: "active",
  createdAt: "2026-11-01T00:00:00.000Z",
});

const COUPONS = [coupon("SUMMER10", "Summer league"), coupon("WELCOME", null), coupon("VIP", "Ladder prize")];

describe("searchCoupons", () => {
  it.each([
    ["", ["SUMMER10", "WELCOME", "VIP"]],
    ["  ", ["SUMMER10", "WELCOME", "VIP"]],
    ["summer", ["SUMMER10"]],
    ["wel", ["WELCOME"]],
    ["LADDER", ["VIP"]],
    ["e", ["SUMMER10", "WELCOME", "VIP"]],
    ["nothing", []],
  ])("%j finds %j", (search, codes) => {
    expect(searchCoupons(COUPONS, search).map((c) => c.code)).toEqual(codes);
  });
});
