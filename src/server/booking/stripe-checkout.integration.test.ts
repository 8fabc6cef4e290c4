import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkoutOk,
  completedEvent,
  createHoldOk,
  HOLD_MS,
  holdBody,
  item,
  NOW,
  paymentForSession,
  postWebhook,
  startFakeStripe,
} from "../../../tests/integration/kits/booking-test-kit";
import { createTestApp, errorOf, type TestApp, testClock } from "../../../tests/integration/kits/harness";
import { couponCodes, payments, reservations } from "../db/schema";
import { expireHolds } from "../kernel/schedule/expire-holds";
import { createStripeProvider } from "../payments/stripe-provider";

// Stripe faked at the network edge: the real SDK talks HTTP to a local server, and webhooks are
// signed with the SDK's own test-header helper.
const WEBHOOK_SECRET = "whsec_integration_test";
const clock = testClock(NOW);
let t: TestApp;
let stripe: Awaited<ReturnType<typeof startFakeStripe>>;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({ now: clock.now });
  t.deps.payments = createStripeProvider({
    secretKey: "sk_test_fake",
    webhookSecret: WEBHOOK_SECRET,
    apiBase: stripe.url,
  });
  await t.seedFacilities();
  await t.db.insert(couponCodes).values({
    code: "TENOFF",
    type: "percentage",
    value: "10",
    startDate: "2026-11-01",
    endDate: "2026-12-31",
  });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const sign = (payload: string, at: Date = clock.now()) =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
    timestamp: Math.floor(at.getTime() / 1000),
  });

describe("Stripe Checkout", () => {
  it("creates a payment-mode session for exactly the held items and discount, and confirms on the webhook", async () => {
    const client = t.client();
    const hold = await createHoldOk(
      client,
      holdBody({
        couponCode: "TENOFF",
        items: [item(), item({ startTime: "19:00", duration: 60 })],
        customer: { ...holdBody().customer, email: "jordan@example.test" },
      }),
    );
    expect(hold).toMatchObject({ subtotalCents: 11250, discountCents: 1125, totalCents: 10125 });
    const checkout = await checkoutOk(client, hold);
    expect(checkout.provider).toBe("stripe");
    expect(checkout.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const payment = await paymentForSession(t.deps, checkout.sessionId);
    expect(payment).toMatchObject({ provider: "stripe", amountCents: 10125, state: "created" });

    const [coupon] = stripe.callsTo("POST", /^\/v1\/coupons$/);
    expect(coupon?.body).toMatchObject({ amount_off: "1125", currency: "usd", duration: "once" });
    const [session] = stripe.callsTo("POST", /^\/v1\/checkout\/sessions$/);
    expect(session?.idempotencyKey).toBe(`checkout-${payment.id}`);
    expect(session?.body).toMatchObject({
      mode: "payment",
      "line_items[0][price_data][unit_amount]": "6750",
      "line_items[0][price_data][currency]": "usd",
      "line_items[1][price_data][unit_amount]": "4500",
      "discounts[0][coupon]": expect.stringMatching(/^coupon_/),
      "metadata[purpose]": "reservation",
      "metadata[holdId]": hold.holdId,
      "metadata[paymentId]": payment.id,
      client_reference_id: hold.holdId,
      customer_email: "jordan@example.test",
      success_url: "http://localhost:3000/success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:3000/cancel?session_id={CHECKOUT_SESSION_ID}",
    });
    // Stripe's minimum is 30 minutes; the hold is 15, so the session is expired by us when it ends.
    expect(Number(session?.body.expires_at)).toBeGreaterThanOrEqual(NOW.getTime() / 1000 + 30 * 60);

    const payload = completedEvent(payment);
    const response = await postWebhook(t.request, payload, sign(payload));
    expect(await response.json()).toMatchObject({ outcome: "confirmed" });
    const rows = await t.db.select().from(reservations).where(eq(reservations.holdId, hold.holdId));
    expect(rows.map((r) => r.status)).toEqual(["confirmed", "confirmed"]);

    // A webhook signed with another secret changes nothing.
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_other" });
    expect((await postWebhook(t.request, payload, forged)).status).toBe(400);
  });

  it("expires the Stripe session when the hold ends", async () => {
    const client = t.client();
    const hold = await createHoldOk(client, holdBody({ items: [item({ date: "2026-11-24" })] }));
    const checkout = await checkoutOk(client, hold);
    clock.advance(HOLD_MS);
    try {
      await expireHolds(t.deps);
      expect(
        stripe.callsTo("POST", new RegExp(`^/v1/checkout/sessions/${checkout.sessionId}/expire$`)),
      ).toHaveLength(1);
      expect((await paymentForSession(t.deps, checkout.sessionId)).state).toBe("expired");
    } finally {
      clock.set(NOW);
    }
  });

  it("refunds a late payment for a taken slot once, with the idempotency key", async () => {
    const date = "2026-11-25";
    const client = t.client();
    const late = await createHoldOk(client, holdBody({ items: [item({ date, startTime: "17:00" })] }));
    const checkout = await checkoutOk(client, late);
    const payment = await paymentForSession(t.deps, checkout.sessionId);
    // Courts 2–8 are booked at that time, so the next buyer takes the late payer's court.
    for (let courtId = 2; courtId <= 8; courtId++) {
      await t.db.insert(reservations).values({
        date,
        facilityType: "court",
        courtId,
        duration: 90,
        startTime: "17:00",
        endTime: "18:30",
        status: "confirmed",
        paymentStatus: "paid",
        customerName: "Booked",
      });
    }
    clock.advance(HOLD_MS + 5 * 60_000);
    try {
      await createHoldOk(t.client(), holdBody({ items: [item({ date, startTime: "17:00" })] }));
      const first = completedEvent(payment, { paymentIntent: "pi_late_stripe" });
      const second = completedEvent(payment, { paymentIntent: "pi_late_stripe" });
      const answers = await Promise.all([
        postWebhook(t.request, first, sign(first)),
        postWebhook(t.request, first, sign(first)),
        postWebhook(t.request, second, sign(second)),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      const refunds = stripe.callsTo("POST", /^\/v1\/refunds$/);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({
        idempotencyKey: `refund-${payment.id}`,
        body: { payment_intent: "pi_late_stripe", amount: "6750" },
      });
      const [row] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
      expect(row).toMatchObject({
        state: "refunded",
        refundedCents: 6750,
        providerRefundId: expect.stringMatching(/^re_fake_/),
      });
    } finally {
      clock.set(NOW);
    }
  });

  it("answers 'Failed to create checkout session' when Stripe cannot be reached, and the test page is off", async () => {
    const saved = t.deps.payments;
    t.deps.payments = createStripeProvider({
      secretKey: "sk_test_fake",
      webhookSecret: WEBHOOK_SECRET,
      apiBase: "http://127.0.0.1:9",
    });
    try {
      const client = t.client();
      const hold = await createHoldOk(client, holdBody({ items: [item({ date: "2026-11-26" })] }));
      const response = await client.post(`/api/booking/holds/${hold.holdId}/checkout`, {
        holdToken: hold.holdToken,
      });
      expect(response.status).toBe(502);
      expect((await errorOf(response)).message).toBe("Failed to create checkout session");
      const [row] = await t.db.select().from(payments).where(eq(payments.reference, hold.holdId));
      expect(row?.state).toBe("failed");
    } finally {
      t.deps.payments = saved;
    }
    expect((await t.request("/test-checkout/cs_test_anything")).status).toBe(404);
  }, 30_000);
});
