import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type TestApp, testClock } from "../../../tests/integration/kits/harness";
import {
  eventPayload,
  invoiceObject,
  NOW,
  postWebhook,
  SIGNUP_PASSWORD,
  sendTestEvent,
  sessionIdOf,
  signupBody,
  startFakeStripe,
  subscriptionObject,
  THURSDAY,
} from "../../../tests/integration/kits/membership-test-kit";
import { membershipPlans, users } from "../db/schema";
import { present } from "../lib/present";
import { createStripeProvider } from "../payments/stripe-provider";
import { forgetVenueRules } from "../settings/venue-rules-cache";

const clock = testClock(NOW);
const DAY = 24 * 3600_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await t.seedFacilities();
});
afterAll(() => t?.close());

/** Sets the plans' provider price ids straight in the table, and forgets the cached plans. */
async function setPriceIds(ids: Record<"monthly" | "annual", string | null>) {
  for (const [id, providerPriceId] of Object.entries(ids)) {
    await t.db.update(membershipPlans).set({ providerPriceId }).where(eq(membershipPlans.id, id));
  }
  forgetVenueRules(t.db);
}

const memberRow = async (id: string) => present((await t.db.select().from(users).where(eq(users.id, id)))[0]);

/** A member created the way a real one is: signup, then the test checkout's Subscribe. */
async function joinThroughTestCheckout() {
  const body = signupBody();
  const response = await t.client().post("/api/membership/checkout", body);
  const { url } = (await response.json()) as { url: string };
  await t.request(`${url}/pay`, { method: "POST" });
  const [row] = await t.db.select().from(users).where(eq(users.email, body.email));
  return { ...present(row), password: SIGNUP_PASSWORD };
}

describe("later subscription events keep the membership true to the provider", () => {
  it("a renewal moves the next billing date forward, never back", async () => {
    const member = await joinThroughTestCheckout();
    const sub = present(member.stripeSubscriptionId);
    expect(member.nextBillingDate?.toISOString()).toBe("2026-12-18T15:00:00.000Z");

    const renewed = new Date("2027-01-18T15:00:00Z");
    const paid = eventPayload("invoice.paid", invoiceObject(sub, renewed));
    expect(await sendTestEvent(t.deps, t.request, paid)).toBe("updated");
    expect(await sendTestEvent(t.deps, t.request, paid)).toBe("duplicate");
    expect((await memberRow(member.id)).nextBillingDate?.toISOString()).toBe(renewed.toISOString());

    // An older invoice arriving late changes nothing.
    const late = eventPayload("invoice.paid", invoiceObject(sub, new Date("2026-12-18T15:00:00Z")));
    await sendTestEvent(t.deps, t.request, late);
    expect((await memberRow(member.id)).nextBillingDate?.toISOString()).toBe(renewed.toISOString());
    expect((await memberRow(member.id)).isMember).toBe(true);
  });

  it("cancellation at period end sets cancel_at and keeps the perks until the subscription ends", async () => {
    const member = await joinThroughTestCheckout();
    const sub = present(member.stripeSubscriptionId);
    const periodEnd = present(member.nextBillingDate);
    const cancelled = eventPayload(
      "customer.subscription.updated",
      subscriptionObject(sub, { periodEnd, cancelAt: periodEnd }),
    );
    expect(await sendTestEvent(t.deps, t.request, cancelled)).toBe("updated");
    let row = await memberRow(member.id);
    expect(row).toMatchObject({ isMember: true, cancelAt: periodEnd });
    const browser = await t.signIn(member.email, member.password);
    expect((await browser.get(`/api/membership/free-reservations?date=${THURSDAY}`)).status).toBe(200);
    expect(await (await browser.get("/api/booking/context")).json()).toMatchObject({
      isMember: true,
      horizonDays: 14,
    });

    // Withdrawn: cancel_at clears.
    const resumed = eventPayload("customer.subscription.updated", subscriptionObject(sub, { periodEnd }));
    await sendTestEvent(t.deps, t.request, resumed);
    expect((await memberRow(member.id)).cancelAt).toBeNull();

    // The end: no longer a member, and the perks are refused by the API.
    const ended = eventPayload(
      "customer.subscription.deleted",
      subscriptionObject(sub, { periodEnd, status: "canceled" }),
    );
    expect(await sendTestEvent(t.deps, t.request, ended)).toBe("updated");
    row = await memberRow(member.id);
    expect(row).toMatchObject({ isMember: false, nextBillingDate: null });
    const refused = await browser.get(`/api/membership/free-reservations?date=${THURSDAY}`);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe("This page is for members only");
    const booked = await browser.post("/api/membership/free-reservations", {
      date: THURSDAY,
      startTime: "10:00",
    });
    expect(booked.status).toBe(403);
    // Member prices and the 14-day horizon end too.
    const context = await (await browser.get("/api/booking/context")).json();
    expect(context).toMatchObject({ isMember: false, horizonDays: 10 });
  });

  it("a subscription the provider gives up on (unpaid) ends the membership; past_due keeps it", async () => {
    const member = await joinThroughTestCheckout();
    const sub = present(member.stripeSubscriptionId);
    const periodEnd = new Date(NOW.getTime() + 30 * DAY);
    await sendTestEvent(
      t.deps,
      t.request,
      eventPayload(
        "customer.subscription.updated",
        subscriptionObject(sub, { periodEnd, status: "past_due" }),
      ),
    );
    expect((await memberRow(member.id)).isMember).toBe(true);
    await sendTestEvent(
      t.deps,
      t.request,
      eventPayload("customer.subscription.updated", subscriptionObject(sub, { periodEnd, status: "unpaid" })),
    );
    expect((await memberRow(member.id)).isMember).toBe(false);
  });

  it("events for a subscription nobody has are ignored", async () => {
    const stray = eventPayload(
      "customer.subscription.deleted",
      subscriptionObject("sub_unknown", { periodEnd: NOW, status: "canceled" }),
    );
    expect(await sendTestEvent(t.deps, t.request, stray)).toBe("ignored");
  });
});

describe("Stripe Checkout in subscription mode (Stripe faked at the network edge)", () => {
  const WEBHOOK_SECRET = "whsec_membership_test";
  const sign = (payload: string) =>
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(clock.now().getTime() / 1000),
    });

  it("sends the plan's price id and no password, and takes the billing period from Stripe's own copy", async () => {
    const stripe = await startFakeStripe();
    const saved = t.deps.payments;
    t.deps.payments = createStripeProvider({
      secretKey: "sk_test_fake",
      webhookSecret: WEBHOOK_SECRET,
      apiBase: stripe.url,
    });
    // Issue 32 item 3: the price ids are the plans' (membership_plans), no longer configuration.
    await setPriceIds({ monthly: "price_monthly_79", annual: "price_annual_850" });
    try {
      const body = signupBody({ plan: "annual" });
      const response = await t.client().post("/api/membership/checkout", body);
      expect(response.status).toBe(200);
      const { url } = (await response.json()) as { url: string };
      expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
      const [call] = stripe.calls.filter((c) => c.path === "/v1/checkout/sessions");
      const form = Object.fromEntries(new URLSearchParams(present(call).raw));
      expect(form).toMatchObject({
        mode: "subscription",
        "line_items[0][price]": "price_annual_850",
        "line_items[0][quantity]": "1",
        customer_email: body.email,
        "metadata[purpose]": "membership",
        "subscription_data[metadata][purpose]": "membership",
        success_url: "http://localhost:3000/membership-success?session_id={CHECKOUT_SESSION_ID}",
        cancel_url: "http://localhost:3000/membership-cancel?session_id={CHECKOUT_SESSION_ID}",
      });
      expect(present(call).idempotencyKey).toMatch(/^membership-checkout-/);
      // Nothing about the password travels to the provider: not the password, not its hash.
      expect(stripe.calls.map((c) => c.raw).join("\n")).not.toContain(SIGNUP_PASSWORD);
      expect(stripe.calls.map((c) => c.raw).join("\n")).not.toMatch(/password/i);

      const periodEnd = new Date("2027-11-18T15:00:00Z");
      stripe.setSubscription(
        "sub_real_1",
        subscriptionObject("sub_real_1", { periodEnd, customer: "cus_real_1" }),
      );
      const completed = eventPayload("checkout.session.completed", {
        id: sessionIdOf(url),
        object: "checkout.session",
        mode: "subscription",
        status: "complete",
        payment_status: "paid",
        customer: "cus_real_1",
        subscription: "sub_real_1",
        invoice: "in_real_1",
        metadata: {
          purpose: "membership",
          signupId: form["metadata[signupId]"],
          paymentId: form["metadata[paymentId]"],
        },
      });
      const first = await postWebhook(t.request, completed, sign(completed));
      expect(await first.json()).toMatchObject({ outcome: "confirmed" });
      const [row] = await t.db.select().from(users).where(eq(users.email, body.email));
      expect(row).toMatchObject({
        isMember: true,
        membershipPlan: "annual",
        stripeCustomerId: "cus_real_1",
        stripeSubscriptionId: "sub_real_1",
        nextBillingDate: periodEnd,
      });
      await t.signIn(body.email, SIGNUP_PASSWORD);

      // An event carrying a stale copy: Stripe's current subscription (cancelling) is what counts.
      stripe.setSubscription(
        "sub_real_1",
        subscriptionObject("sub_real_1", { periodEnd, cancelAt: periodEnd, customer: "cus_real_1" }),
      );
      const stale = eventPayload(
        "customer.subscription.updated",
        subscriptionObject("sub_real_1", { periodEnd }),
      );
      expect(await (await postWebhook(t.request, stale, sign(stale))).json()).toMatchObject({
        outcome: "updated",
      });
      expect((await memberRow(present(row).id)).cancelAt).toEqual(periodEnd);

      // A forged signature changes nothing.
      const forged = Stripe.webhooks.generateTestHeaderString({ payload: stale, secret: "whsec_other" });
      expect((await postWebhook(t.request, stale, forged)).status).toBe(400);
    } finally {
      t.deps.payments = saved;
      await setPriceIds({ monthly: null, annual: null });
      await stripe.close();
    }
  });

  it("answers the spec's message when the plan has no Stripe price", async () => {
    const saved = t.deps.payments;
    t.deps.payments = createStripeProvider({ secretKey: "sk_test_fake", webhookSecret: WEBHOOK_SECRET });
    try {
      const response = await t.client().post("/api/membership/checkout", signupBody());
      expect(response.status).toBe(502);
      expect((await errorOf(response)).message).toBe(
        "Failed to start subscription process. Please try again.",
      );
    } finally {
      t.deps.payments = saved;
    }
  });
});
