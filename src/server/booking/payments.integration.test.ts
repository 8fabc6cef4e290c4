import { count, eq } from "drizzle-orm";
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
  signForTestProvider,
} from "../../../tests/integration/kits/booking-test-kit";
import { createTestApp, errorOf, type TestApp, testClock } from "../../../tests/integration/kits/harness";
import {
  couponCodes,
  emailOutbox,
  holds,
  payments,
  processedWebhookEvents,
  reservations,
} from "../db/schema";
import { expireHolds } from "../kernel/schedule/expire-holds";
import { present } from "../lib/present";

const clock = testClock(NOW);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await t.seedFacilities();
});
afterAll(() => t?.close());

const customer = (email: string) => ({ ...holdBody().customer, email });

async function holdAndCheckout(email: string, date: string, startTime = "17:00") {
  const client = t.client();
  const hold = await createHoldOk(
    client,
    holdBody({ customer: customer(email), items: [item({ date, startTime })] }),
  );
  const checkout = await checkoutOk(client, hold);
  return { client, hold, checkout, payment: await paymentForSession(t.deps, checkout.sessionId) };
}

const reservationsOf = (holdId: string) =>
  t.db.select().from(reservations).where(eq(reservations.holdId, holdId));

describe("the built-in test checkout", () => {
  it("shows the venue, items and amount, and Pay confirms through the signed webhook", async () => {
    const { hold, checkout } = await holdAndCheckout("pay@example.test", "2026-11-23");
    expect(checkout).toMatchObject({ provider: "test", status: "redirect" });
    expect(checkout.url).toBe(`/test-checkout/${checkout.sessionId}`);

    const page = await t.request(checkout.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("TEST CHECKOUT");
    expect(html).toContain("Backspin Social");
    expect(html).toContain("Court 1");
    expect(html).toContain("Mon, Nov 23 · 5:00 PM - 6:30 PM (90 min)");
    expect(html).toContain("Pay $67.50");
    expect(html).toContain('name="viewport"');
    expect(html).not.toContain("<script");
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");

    // A repeated "Pay $amount" click reuses the open session.
    expect((await checkoutOk(t.client(), hold)).sessionId).toBe(checkout.sessionId);

    const paid = await t.request(`${checkout.url}/pay`, { method: "POST" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`/success?session_id=${checkout.sessionId}`);

    const [row] = await reservationsOf(hold.holdId);
    const payment = await paymentForSession(t.deps, checkout.sessionId);
    expect(row).toMatchObject({ status: "confirmed", paymentStatus: "paid", paymentId: payment.id });
    expect(payment).toMatchObject({ state: "completed", amountCents: 6750 });
    const emails = await t.emailsTo("pay@example.test");
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toBe("Your booking at Backspin Social is confirmed");
    expect(emails[0]?.textBody).toContain("Court 1 · Mon, Nov 23 · 5:00 PM - 6:30 PM (90 min) · $67.50");
    const ics = Buffer.from(present(present(present(emails[0]).attachments)[0]).content, "base64").toString(
      "utf8",
    );
    expect(ics).toContain("DTSTART:20261123T230000Z");

    const view = await t.client().get(`/api/booking/holds/${hold.holdId}`, {
      headers: { "x-hold-token": hold.holdToken },
    });
    expect(await view.json()).toMatchObject({ status: "paid", items: [{ status: "confirmed" }] });
  });

  it("Cancel goes to /cancel, which cancels the hold and frees the slot", async () => {
    const { hold, checkout } = await holdAndCheckout("cancel@example.test", "2026-11-23", "18:30");
    const cancelled = await t.request(`${checkout.url}/cancel`, { method: "POST" });
    expect(cancelled.headers.get("location")).toBe(`/cancel?session_id=${checkout.sessionId}`);
    const response = await t.client().post("/api/booking/holds/cancel", {
      checkoutSessionId: checkout.sessionId,
      holdToken: hold.holdToken,
    });
    expect(response.status).toBe(200);
    const [row] = await reservationsOf(hold.holdId);
    expect(row).toMatchObject({ status: "cancelled", cancelReason: "hold_cancelled" });
    expect((await paymentForSession(t.deps, checkout.sessionId)).state).toBe("expired");
    expect((await t.request(checkout.url)).status).toBe(410);
  });

  it("refuses a cross-site Pay", async () => {
    const { checkout } = await holdAndCheckout("csrf@example.test", "2026-11-23", "19:00");
    const response = await t.request(`${checkout.url}/pay`, {
      method: "POST",
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect((await paymentForSession(t.deps, checkout.sessionId)).state).toBe("created");
  });
});

describe("POST /api/webhooks/stripe", () => {
  it("the same event ten times at once confirms once and queues one email", async () => {
    const { hold, payment } = await holdAndCheckout("dup@example.test", "2026-11-24");
    const payload = completedEvent(payment, { eventId: "evt_dup_1" });
    const signature = signForTestProvider(t.deps, payload, NOW);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => postWebhook(t.request, payload, signature)),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    const outcomes = await Promise.all(
      responses.map(async (r) => ((await r.json()) as { outcome: string }).outcome),
    );
    expect(outcomes.filter((o) => o === "confirmed")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "duplicate")).toHaveLength(9);

    // A different event for the same session (a retry with a new id) changes nothing either.
    const another = completedEvent(payment, { eventId: "evt_dup_2" });
    const again = await postWebhook(t.request, another, signForTestProvider(t.deps, another, NOW));
    expect(((await again.json()) as { outcome: string }).outcome).toBe("duplicate");

    expect(await t.emailsTo("dup@example.test")).toHaveLength(1);
    const [events] = await t.db
      .select({ n: count() })
      .from(processedWebhookEvents)
      .where(eq(processedWebhookEvents.eventId, "evt_dup_1"));
    expect(events?.n).toBe(1);
    const [row] = await reservationsOf(hold.holdId);
    expect(row?.status).toBe("confirmed");
  });

  it("a bad signature or a stale timestamp is a 400 and changes nothing", async () => {
    const { hold, payment } = await holdAndCheckout("forged@example.test", "2026-11-24", "18:30");
    const payload = completedEvent(payment);
    const forged = await postWebhook(t.request, payload, "t=1,v1=deadbeef");
    expect(forged.status).toBe(400);
    const tampered = await postWebhook(
      t.request,
      payload.replace('"amount_total":6750', '"amount_total":1'),
      signForTestProvider(t.deps, payload, NOW),
    );
    expect(tampered.status).toBe(400);
    const stale = await postWebhook(
      t.request,
      payload,
      signForTestProvider(t.deps, payload, new Date(NOW.getTime() - 6 * 60_000)),
    );
    expect(stale.status).toBe(400);
    expect((await errorOf(stale)).message).toBe("Invalid webhook signature");
    const missing = await t.request("/api/webhooks/stripe", { method: "POST", body: payload });
    expect(missing.status).toBe(400);

    const [row] = await reservationsOf(hold.holdId);
    expect(row?.status).toBe("pending");
    expect((await paymentForSession(t.deps, present(payment.providerSessionId))).state).toBe("created");
    expect(await t.emailsTo("forged@example.test")).toHaveLength(0);
  });

  it("a payment after the hold ended, with the slot taken since, is refunded exactly once", async () => {
    const date = "2026-11-25";
    const late = await holdAndCheckout("late@example.test", date, "12:00");
    // Fill the other seven courts so the next buyer must take the late payer's court once it frees up.
    for (let i = 0; i < 7; i++) {
      await createHoldOk(t.client(), holdBody({ items: [item({ date, startTime: "12:00" })] }));
    }
    clock.advance(HOLD_MS + 60_000);
    try {
      const winner = await createHoldOk(
        t.client(),
        holdBody({ items: [item({ date, startTime: "12:00" })] }),
      );
      expect(winner.items[0]?.facilityId).toBe(late.hold.items[0]?.facilityId);

      const payload = completedEvent(late.payment, { eventId: "evt_late_1", paymentIntent: "pi_late" });
      const signature = signForTestProvider(t.deps, payload, clock.now());
      const responses = await Promise.all(
        Array.from({ length: 3 }, () => postWebhook(t.request, payload, signature)),
      );
      expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
      const retry = completedEvent(late.payment, { eventId: "evt_late_2", paymentIntent: "pi_late" });
      await postWebhook(t.request, retry, signForTestProvider(t.deps, retry, clock.now()));

      const payment = await paymentForSession(t.deps, late.checkout.sessionId);
      expect(payment).toMatchObject({ state: "refunded", refundedCents: 3750, providerPaymentId: "pi_late" });
      expect(payment.providerRefundId).toMatch(/^re_test_/);
      const [row] = await reservationsOf(late.hold.holdId);
      expect(row).toMatchObject({ status: "cancelled", paymentStatus: "pending" });
      const emails = await t.emailsTo("late@example.test");
      expect(emails.map((e) => e.subject)).toEqual(["Your payment to Backspin Social has been refunded"]);
      const [winnerRow] = await reservationsOf(winner.holdId);
      expect(winnerRow?.status).toBe("pending");
    } finally {
      clock.set(NOW);
    }
  });

  it("a payment after the hold ended is confirmed when the same court and time are still free", async () => {
    const late = await holdAndCheckout("still-free@example.test", "2026-11-25", "15:00");
    clock.advance(HOLD_MS + 60_000);
    try {
      const swept = await expireHolds(t.deps);
      expect(swept.holds).toBeGreaterThanOrEqual(1);
      expect((await paymentForSession(t.deps, late.checkout.sessionId)).state).toBe("expired");
      const [cancelled] = await reservationsOf(late.hold.holdId);
      expect(cancelled?.status).toBe("cancelled");

      const payload = completedEvent(late.payment);
      const response = await postWebhook(
        t.request,
        payload,
        signForTestProvider(t.deps, payload, clock.now()),
      );
      expect(await response.json()).toMatchObject({ outcome: "confirmed" });
      const [row] = await reservationsOf(late.hold.holdId);
      expect(row).toMatchObject({ status: "confirmed", paymentStatus: "paid", cancelReason: null });
      const [hold] = await t.db.select().from(holds).where(eq(holds.id, late.hold.holdId));
      expect(hold?.status).toBe("paid");
      expect(await t.emailsTo("still-free@example.test")).toHaveLength(1);
    } finally {
      clock.set(NOW);
    }
  });

  it("checkout after the hold ended answers 'Reservation time expired'", async () => {
    const client = t.client();
    const hold = await createHoldOk(
      client,
      holdBody({ items: [item({ date: "2026-11-26", startTime: "10:00" })] }),
    );
    clock.advance(HOLD_MS);
    try {
      const response = await client.post(`/api/booking/holds/${hold.holdId}/checkout`, {
        holdToken: hold.holdToken,
      });
      expect(response.status).toBe(410);
      expect((await errorOf(response)).message).toBe("Reservation time expired");
    } finally {
      clock.set(NOW);
    }
  });
});

describe("a 100% coupon", () => {
  it("confirms at checkout without a payment provider", async () => {
    await t.db.insert(couponCodes).values({
      code: "ALLFREE",
      type: "percentage",
      value: "100",
      startDate: "2026-11-01",
      endDate: "2026-12-31",
    });
    const client = t.client();
    const hold = await createHoldOk(
      client,
      holdBody({
        couponCode: "allfree",
        customer: customer("free@example.test"),
        items: [item({ date: "2026-11-26" })],
      }),
    );
    expect(hold).toMatchObject({
      subtotalCents: 6750,
      discountCents: 6750,
      totalCents: 0,
      coupon: { code: "ALLFREE" },
    });
    const checkout = await checkoutOk(client, hold);
    expect(checkout).toMatchObject({
      status: "confirmed",
      provider: "none",
      url: `/success?hold_id=${hold.holdId}`,
    });
    const [row] = await reservationsOf(hold.holdId);
    expect(row).toMatchObject({ status: "confirmed", paymentStatus: "paid", paymentId: null });
    const [coupon] = await t.db.select().from(couponCodes).where(eq(couponCodes.code, "ALLFREE"));
    expect(coupon?.currentUses).toBe(1);
    expect(await t.emailsTo("free@example.test")).toHaveLength(1);
    const [n] = await t.db.select({ n: count() }).from(payments).where(eq(payments.reference, hold.holdId));
    expect(n?.n).toBe(0);
    const [outbox] = await t.db
      .select({ n: count() })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "free@example.test"));
    expect(outbox?.n).toBe(1);
  });
});
