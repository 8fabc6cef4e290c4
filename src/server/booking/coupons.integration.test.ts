import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkoutOk,
  completedEvent,
  createHoldOk,
  HOLD_MS,
  holdBody,
  item,
  MONDAY,
  NOW,
  paymentForSession,
  postWebhook,
  signForTestProvider,
  TEST_COUPONS,
} from "../../../tests/integration/kits/booking-test-kit";
import { createTestApp, errorOf, type TestApp, testClock } from "../../../tests/integration/kits/harness";
import type { CouponCheckResponse } from "../../contracts/booking";
import type { CancelItemResponse } from "../../contracts/booking-holds";
import { timeOf } from "../../domain/venue-time";
import { couponCodes } from "../db/schema";
import { present } from "../lib/present";

const clock = testClock(NOW);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await t.seedFacilities();
  await t.db.insert(couponCodes).values(TEST_COUPONS);
});
afterAll(() => t?.close());

async function check(code: string, items = [item()]) {
  return t.client().post("/api/booking/coupon-check", { code, items });
}

describe("POST /api/booking/coupon-check (SPEC §7 apply_coupon)", () => {
  it("prices the cart itself and returns the discount", async () => {
    // 90 min at 17:00 on a weekday (67.50) + 90 min at 16:00 (47.50) = 115.00
    const response = await check("tenoff", [item(), item({ startTime: "16:00" })]);
    expect(response.status).toBe(200);
    expect((await response.json()) as CouponCheckResponse).toEqual({
      code: "TENOFF",
      subtotalCents: 11500,
      discountCents: 1150,
      totalCents: 10350,
    });
  });

  it.each([
    ["", [item()], "Please enter a coupon code"],
    ["TENOFF", [], "Please add items to your cart before applying a coupon"],
    ["NOPE", [item()], "Invalid coupon code"],
    ["OFF", [item()], "Invalid coupon code"],
    ["OLD", [item()], "This coupon has expired"],
    ["SOON", [item()], "This coupon is not yet valid"],
    [
      "FIVE",
      [item({ startTime: "10:00", duration: 60 })],
      "A minimum purchase of $50.00 is required for this coupon",
    ],
  ])("%s → %s", async (code, items, message) => {
    const response = await check(code, items);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(message);
  });
});

describe("a coupon's last use under concurrent checkouts", () => {
  it("is held once, redeemed once, and free again when an unpaid hold ends", async () => {
    // 20 carts on 20 different slots, so only the coupon is contended.
    const bodies = Array.from({ length: 20 }, (_, i) =>
      holdBody({ couponCode: "LAST", items: [item({ startTime: timeOf(9 * 60 + i * 30), duration: 60 })] }),
    );
    const responses = await Promise.all(bodies.map((b) => t.client().post("/api/booking/holds", b)));
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = responses.filter((r) => r.status === 400);
    expect(refused).toHaveLength(19);
    expect((await errorOf(present(refused[0]))).message).toBe("This coupon has reached its usage limit");
    // While held, the check says so too.
    expect((await errorOf(await check("LAST"))).message).toBe("This coupon has reached its usage limit");

    // The hold ends unpaid: the use is free again.
    clock.advance(HOLD_MS);
    const client = t.client();
    const second = await createHoldOk(
      client,
      holdBody({ couponCode: "LAST", items: [item({ date: MONDAY, startTime: "18:00", duration: 60 })] }),
    );
    expect(second).toMatchObject({ subtotalCents: 4500, discountCents: 1000, totalCents: 3500 });

    // Paid: the use becomes a redemption, and nobody else can take it.
    const checkout = await checkoutOk(client, second);
    const payment = await paymentForSession(t.deps, checkout.sessionId);
    expect(payment.amountCents).toBe(3500);
    const payload = completedEvent(payment);
    const paid = await postWebhook(t.request, payload, signForTestProvider(t.deps, payload, clock.now()));
    expect(await paid.json()).toMatchObject({ outcome: "confirmed" });
    const [coupon] = await t.db.select().from(couponCodes).where(eq(couponCodes.code, "LAST"));
    expect(coupon?.currentUses).toBe(1);
    const after = await t.client().post("/api/booking/holds", holdBody({ couponCode: "LAST" }));
    expect((await errorOf(after)).message).toBe("This coupon has reached its usage limit");
    clock.set(NOW);
  });

  it("removing items re-checks the coupon against the smaller cart", async () => {
    const client = t.client();
    const hold = await createHoldOk(
      client,
      holdBody({
        couponCode: "FIVE",
        items: [item({ date: "2026-11-24" }), item({ date: "2026-11-24", startTime: "10:00", duration: 60 })],
      }),
    );
    expect(hold).toMatchObject({ subtotalCents: 9250, discountCents: 500, totalCents: 8750 });
    const removed = await client.post(
      `/api/booking/holds/${hold.holdId}/items/${present(hold.items.find((i) => i.startTime === "17:00")).reservationId}/cancel`,
      { holdToken: hold.holdToken },
    );
    const body = (await removed.json()) as CancelItemResponse;
    expect(body.couponRemovedReason).toBe("A minimum purchase of $50.00 is required for this coupon");
    expect(body.hold).toMatchObject({
      subtotalCents: 2500,
      discountCents: 0,
      totalCents: 2500,
      coupon: null,
    });
  });
});
