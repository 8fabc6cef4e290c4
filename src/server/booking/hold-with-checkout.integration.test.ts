import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkoutOk,
  createHoldOk,
  holdBody,
  item,
  NOW,
  paymentForSession,
  TEST_COUPONS,
} from "../../../tests/integration/kits/booking-test-kit";
import { createTestApp, errorOf, type TestApp, testClock } from "../../../tests/integration/kits/harness";
import { couponCodes, holds, payments, reservations } from "../db/schema";
import { present } from "../lib/present";
import { createStripeProvider } from "../payments/stripe-provider";

// Issue 35 item 2: "Continue to Payment" with `checkout: true` answers the hold with its checkout
// session, so the booking page's Pay needs no request of its own; the separate endpoint stays.

const clock = testClock(NOW);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await t.seedFacilities();
  await t.db
    .insert(couponCodes)
    .values([
      ...TEST_COUPONS,
      { code: "ALLFREE", type: "percentage", value: "100", startDate: "2026-11-01", endDate: "2026-12-31" },
    ]);
});
afterAll(() => t?.close());

const paymentsOf = (holdId: string) => t.db.select().from(payments).where(eq(payments.reference, holdId));

describe("a hold with its checkout", () => {
  it("answers the session for the hold's total; Pay confirms it, and the endpoint reuses it", async () => {
    const client = t.client();
    const hold = await createHoldOk(
      client,
      holdBody({ items: [item({ date: "2026-11-23", startTime: "17:00" })], checkout: true }),
    );
    const checkout = present(hold.checkout);
    expect(checkout).toMatchObject({ provider: "test", status: "redirect" });
    expect(checkout.url).toBe(`/test-checkout/${checkout.sessionId}`);
    const payment = await paymentForSession(t.deps, present(checkout.sessionId));
    expect(payment).toMatchObject({ state: "created", amountCents: hold.totalCents, reference: hold.holdId });
    expect(payment.expiresAt?.toISOString()).toBe(hold.expiresAt);

    // An old client (or a reload) asking the endpoint gets the same session, not a second one.
    expect((await checkoutOk(client, hold)).sessionId).toBe(checkout.sessionId);
    expect(await paymentsOf(hold.holdId)).toHaveLength(1);

    const page = await t.request(checkout.url);
    expect(await page.text()).toContain("Pay $67.50");
    const paid = await t.request(`${checkout.url}/pay`, { method: "POST" });
    expect(paid.status).toBe(303);
    const [row] = await t.db.select().from(reservations).where(eq(reservations.holdId, hold.holdId));
    expect(row).toMatchObject({ status: "confirmed", paymentStatus: "paid", paymentId: payment.id });
    expect(await t.emailsTo(present(row).customerEmail ?? "")).toHaveLength(1);
    // Paid: the endpoint refuses a second checkout.
    const again = await client.post(`/api/booking/holds/${hold.holdId}/checkout`, {
      holdToken: hold.holdToken,
    });
    expect(again.status).toBe(409);
  });

  it("without `checkout` answers the hold alone and opens no session", async () => {
    const hold = await createHoldOk(
      t.client(),
      holdBody({ items: [item({ date: "2026-11-23", startTime: "19:00" })] }),
    );
    expect(hold.checkout).toBeUndefined();
    expect(await paymentsOf(hold.holdId)).toHaveLength(0);
  });

  it("a hold with nothing to pay opens no session and is not confirmed until Pay is clicked", async () => {
    const client = t.client();
    const hold = await createHoldOk(
      client,
      holdBody({
        items: [item({ date: "2026-11-25", startTime: "17:00" })],
        couponCode: "ALLFREE",
        checkout: true,
      }),
    );
    expect(hold.totalCents).toBe(0);
    expect(hold.checkout).toBeNull();
    const [before] = await t.db.select().from(holds).where(eq(holds.id, hold.holdId));
    expect(before?.status).toBe("active");
    expect(await checkoutOk(client, hold)).toMatchObject({ status: "confirmed", provider: "none" });
  });

  it("a provider that fails leaves the hold answered and kept; Pay then says why", async () => {
    const saved = t.deps.payments;
    t.deps.payments = createStripeProvider({
      secretKey: "sk_test_fake",
      webhookSecret: "whsec_integration_test",
      apiBase: "http://127.0.0.1:9",
    });
    try {
      const client = t.client();
      const hold = await createHoldOk(
        client,
        holdBody({ items: [item({ date: "2026-11-26", startTime: "17:00" })], checkout: true }),
      );
      expect(hold.checkout).toBeNull();
      const [row] = await t.db.select().from(holds).where(eq(holds.id, hold.holdId));
      expect(row?.status).toBe("active");
      expect((await paymentsOf(hold.holdId)).map((p) => p.state)).toEqual(["failed"]);
      const pay = await client.post(`/api/booking/holds/${hold.holdId}/checkout`, {
        holdToken: hold.holdToken,
      });
      expect(pay.status).toBe(502);
      expect((await errorOf(pay)).message).toBe("Failed to create checkout session");
    } finally {
      t.deps.payments = saved;
    }
  }, 30_000);
});
