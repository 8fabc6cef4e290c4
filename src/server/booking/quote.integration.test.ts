import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { item, NOW, TEST_COUPONS } from "../../../tests/integration/kits/booking-test-kit";
import { createTestApp, errorOf, type TestApp, testClock } from "../../../tests/integration/kits/harness";
import type { QuoteResponse } from "../../contracts/booking";
import { couponCodes } from "../db/schema";

// POST /api/booking/quote: the figures the booking screen shows under the cart (it never adds prices).
const clock = testClock(NOW);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await t.seedFacilities();
  await t.db.insert(couponCodes).values(TEST_COUPONS);
});
afterAll(() => t?.close());

const quote = (body: unknown, client = t.client()) => client.post("/api/booking/quote", body);

describe("POST /api/booking/quote", () => {
  it("prices the cart on the server without a coupon: 67.50 + 25.00", async () => {
    const response = await quote({ items: [item(), item({ startTime: "10:00", duration: 60 })] });
    expect(response.status).toBe(200);
    expect((await response.json()) as QuoteResponse).toEqual({
      subtotalCents: 9250,
      discountCents: 0,
      totalCents: 9250,
      couponCode: null,
    });
  });

  it("an empty cart, or a blank code, is quoted as it is", async () => {
    expect(await (await quote({ items: [] })).json()).toEqual({
      subtotalCents: 0,
      discountCents: 0,
      totalCents: 0,
      couponCode: null,
    });
    expect(await (await quote({ items: [item()], code: "  " })).json()).toMatchObject({
      totalCents: 6750,
      couponCode: null,
    });
  });

  it("applies a code (any case) and names it as the venue wrote it", async () => {
    const response = await quote({ items: [item(), item({ startTime: "16:00" })], code: "tenoff" });
    expect(await response.json()).toEqual({
      subtotalCents: 11500,
      discountCents: 1150,
      totalCents: 10350,
      couponCode: "TENOFF",
    });
  });

  it("refuses a code that does not apply to this cart with the coupon's reason", async () => {
    const small = await quote({ items: [item({ startTime: "10:00", duration: 60 })], code: "FIVE" });
    expect(small.status).toBe(400);
    expect((await errorOf(small)).message).toBe("A minimum purchase of $50.00 is required for this coupon");
    const unknown = await quote({ items: [item()], code: "NOPE" });
    expect((await errorOf(unknown)).message).toBe("Invalid coupon code");
  });

  it("ignores prices in the body and uses the signed-in member's prices", async () => {
    const member = await t.createMember();
    const memberClient = await t.signIn(member.email, member.password);
    const body = { items: [{ ...item(), priceCents: 1 }] };
    expect(await (await quote(body, memberClient)).json()).toMatchObject({ totalCents: 6000 });
    expect(await (await quote(body)).json()).toMatchObject({ totalCents: 6750 });
  });

  it("refuses a slot outside the booking window", async () => {
    const response = await quote({ items: [item({ date: "2027-02-01" })] });
    expect(response.status).toBe(400);
  });
});
