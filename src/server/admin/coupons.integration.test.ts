import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminTestbed, adminTestbed } from "../../../tests/integration/kits/admin-test-kit";
import { item } from "../../../tests/integration/kits/booking-test-kit";
import { errorOf } from "../../../tests/integration/kits/harness";
import type { CouponResponse, CouponsResponse } from "../../contracts/admin-coupons";
import { couponCodes } from "../db/schema";

let bed: AdminTestbed;
beforeAll(async () => {
  bed = await adminTestbed();
});
afterAll(() => bed?.t.close());

let n = 0;
const coupon = (overrides: Record<string, unknown> = {}) => ({
  code: `CODE${++n}`,
  description: "",
  type: "percentage",
  value: 10,
  startDate: "2026-11-18",
  endDate: "2026-11-30",
  minPurchaseAmount: null,
  maxUses: null,
  isActive: true,
  ...overrides,
});
const create = (body: Record<string, unknown>) => bed.admin.post("/api/admin/coupons", body);

describe("coupon validation boundaries (SPEC §5 Coupon)", () => {
  it.each([
    [{ value: 0 }, "Value must be at least 0.01"],
    [{ value: 0.005 }, "Value must be at least 0.01"],
    [{ value: 0.015 }, "Value must be in steps of 0.01"],
    [{ value: 12.345 }, "Value must be in steps of 0.01"],
    [{ value: null }, "Value is required"],
    [{ value: 100.01 }, "A percentage cannot be more than 100"],
    [{ maxUses: 0 }, "Max uses must be a whole number of at least 1"],
    [{ maxUses: 1.5 }, "Max uses must be a whole number of at least 1"],
    [{ minPurchaseAmount: -0.01 }, "Min purchase amount must be at least 0"],
    [{ minPurchaseAmount: 10.001 }, "Min purchase amount must be in steps of 0.01"],
    [{ code: "   " }, "Code is required"],
    [{ code: "TEN OFF" }, "Code may contain only letters, numbers, - and _"],
    [{ startDate: "" }, "Start date is required"],
    [{ endDate: "" }, "End date is required"],
    [{ startDate: "2026-12-01", endDate: "2026-11-30" }, "End date must be on or after the start date"],
  ])("refuses %j", async (overrides, message) => {
    const response = await create(coupon(overrides));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(message);
  });

  it.each([
    [{ value: 0.01 }, { value: 0.01 }],
    [{ value: 100 }, { value: 100 }],
    [
      { type: "fixed_amount", value: 250.5 },
      { value: 250.5, type: "fixed_amount" },
    ],
    [{ maxUses: 1 }, { maxUses: 1 }],
    [{ maxUses: null }, { maxUses: null }],
    [{ minPurchaseAmount: 0 }, { minPurchaseAmount: 0 }],
    [{ minPurchaseAmount: null }, { minPurchaseAmount: 0 }],
    [{ minPurchaseAmount: 19.99 }, { minPurchaseAmount: 19.99 }],
    [{ description: "  Staff  " }, { description: "Staff" }],
    [{ description: "" }, { description: null }],
  ])("accepts %j", async (overrides, expected) => {
    const response = await create(coupon(overrides));
    expect(response.status).toBe(201);
    expect(((await response.json()) as CouponResponse).coupon).toMatchObject({ ...expected, currentUses: 0 });
  });
});

describe("coupon codes CRUD (SPEC §7 Coupons)", () => {
  it("keeps codes unique whatever their case", async () => {
    expect((await create(coupon({ code: "Spring-26" }))).status).toBe(201);
    const duplicate = await create(coupon({ code: "SPRING-26" }));
    expect(duplicate.status).toBe(409);
    expect((await errorOf(duplicate)).message).toBe("A coupon with this code already exists");
  });

  it("lists newest first, updates and deletes", async () => {
    bed.clock.advance(1000);
    const created = ((await (await create(coupon({ code: "EDITME" }))).json()) as CouponResponse).coupon;
    const list = ((await (await bed.admin.get("/api/admin/coupons")).json()) as CouponsResponse).coupons;
    expect(list[0]?.code).toBe("EDITME");

    const updated = await bed.admin.put(
      `/api/admin/coupons/${created.id}`,
      coupon({ code: "EDITED", type: "fixed_amount", value: 7.5, maxUses: 3, isActive: false }),
    );
    expect(updated.status).toBe(200);
    expect(((await updated.json()) as CouponResponse).coupon).toMatchObject({
      id: created.id,
      code: "EDITED",
      type: "fixed_amount",
      value: 7.5,
      maxUses: 3,
      isActive: false,
    });
    const [row] = await bed.t.db.select().from(couponCodes).where(eq(couponCodes.id, created.id));
    expect(row?.value).toBe("7.50");
    // Renaming onto an existing code (any case) is refused.
    const clash = await bed.admin.put(`/api/admin/coupons/${created.id}`, coupon({ code: "spring-26" }));
    expect(clash.status).toBe(409);

    expect((await bed.admin.delete(`/api/admin/coupons/${created.id}`)).status).toBe(200);
    expect((await bed.admin.delete(`/api/admin/coupons/${created.id}`)).status).toBe(404);
  });

  it("a coupon staff create is one a guest can use, and turning it off stops it", async () => {
    const created = ((await (await create(coupon({ code: "GUEST15", value: 15 }))).json()) as CouponResponse)
      .coupon;
    const check = () =>
      bed.t.client().post("/api/booking/coupon-check", { code: "guest15", items: [item({ duration: 60 })] });
    const ok = await check();
    expect(ok.status).toBe(200);
    // Monday 5 PM, 60 minutes: $45.00 for a guest; 15% off is $6.75.
    expect(await ok.json()).toMatchObject({ code: "GUEST15", subtotalCents: 4500, discountCents: 675 });

    await bed.admin.put(
      `/api/admin/coupons/${created.id}`,
      coupon({ code: "GUEST15", value: 15, isActive: false }),
    );
    const off = await check();
    expect(off.status).toBe(400);
    expect((await errorOf(off)).message).toBe("Invalid coupon code");
  });
});

describe("the list's status badge (issue 34)", () => {
  it("says Expired after the end date and Used up at max uses; Active and Inactive as before", async () => {
    const made = async (overrides: Record<string, unknown>) => {
      const response = await create(coupon(overrides));
      expect(response.status).toBe(201);
      return ((await response.json()) as CouponResponse).coupon;
    };
    const expired = await made({ startDate: "2026-01-01", endDate: "2026-01-31" });
    const usedUp = await made({ startDate: "2026-01-01", endDate: "2027-12-31", maxUses: 2 });
    await bed.t.db.update(couponCodes).set({ currentUses: 2 }).where(eq(couponCodes.id, usedUp.id));
    const running = await made({ startDate: "2026-01-01", endDate: "2027-12-31", maxUses: 2 });
    const off = await made({ startDate: "2026-01-01", endDate: "2026-01-31", isActive: false });

    const list = (await (await bed.admin.get("/api/admin/coupons")).json()) as CouponsResponse;
    const status = (id: string) => list.coupons.find((c) => c.id === id)?.status;
    expect(status(expired.id)).toBe("expired");
    expect(status(usedUp.id)).toBe("used_up");
    expect(status(running.id)).toBe("active");
    expect(status(off.id)).toBe("inactive");
  });
});
