import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type TestApp, testClock } from "../../../tests/integration/kits/harness";
import { NOW, startFakeStripe } from "../../../tests/integration/kits/membership-test-kit";
import type { MyMembershipResponse } from "../../contracts/membership";
import { auditLog, payments, users } from "../db/schema";
import { present } from "../lib/present";
import { createStripeProvider } from "../payments/stripe-provider";

// Issue 34 item 4: the member's membership page — plan, price, renewal or end date, card, invoices —
// changing the card on the provider's hosted page (the test checkout's stand-in here, Stripe's
// billing portal through a fake Stripe), and cancelling at period end when the venue allows it.

const clock = testClock(NOW);
const NEXT_BILLING = new Date("2026-12-08T18:00:00Z");
const SAME_ORIGIN = { origin: "http://localhost:3000", "content-type": "application/x-www-form-urlencoded" };
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t?.close());

/** A member of the test checkout with one paid month on record. */
async function testCheckoutMember(customerId: string) {
  const user = await t.createMember({ stripeCustomerId: customerId, nextBillingDate: NEXT_BILLING });
  await t.db.insert(payments).values({
    provider: "test",
    purpose: "membership",
    providerCustomerId: customerId,
    amountCents: 7900,
    state: "completed",
    createdAt: new Date("2026-11-08T18:00:00Z"),
  });
  return { user, client: await t.signIn(user.email, user.password) };
}

async function membershipOf(client: Awaited<ReturnType<TestApp["signIn"]>>) {
  const response = await client.get("/api/me/membership");
  expect(response.status).toBe(200);
  return (await response.json()) as MyMembershipResponse;
}

async function setPolicy(enabled: boolean) {
  const admin = await t.createAdmin();
  const client = await t.signIn(admin.email, admin.password);
  const response = await client.put("/api/admin/member-cancel-policy", { enabled });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ enabled });
}

describe("the membership page with the test checkout", () => {
  it("shows the plan, what was sold, the renewal date, the card and the invoices", async () => {
    const { client } = await testCheckoutMember("cus_test_page");
    const { membership, selfCancel } = await membershipOf(client);
    expect(membership).toMatchObject({
      plan: "monthly",
      planLabel: "Monthly",
      priceCents: 7900,
      interval: "month",
      status: "active",
      renewsOn: "2026-12-08",
      endsOn: null,
      card: { label: "Visa •••• 4242" },
      billingAvailable: true,
      canChangeCard: true,
      testMode: true,
    });
    expect(membership?.invoices).toEqual([
      {
        id: expect.any(String),
        number: null,
        date: "2026-11-08",
        amountCents: 7900,
        status: "paid",
        url: null,
      },
    ]);
    // Off by default: the spec's staff cancellation stays, and the member is told to call.
    expect(selfCancel).toEqual({
      allowed: false,
      message: expect.stringMatching(/^To cancel your membership, please call us at /),
    });
  });

  it("answers an account without a membership with none, and refuses it a billing page", async () => {
    const user = await t.createGuestUser();
    const client = await t.signIn(user.email, user.password);
    expect((await membershipOf(client)).membership).toBeNull();
    expect((await client.post("/api/me/membership/billing-portal")).status).toBe(403);
    expect((await t.client().get("/api/me/membership")).status).toBe(401);
  });

  it("changes the card on the stand-in billing page, through a signed link that expires", async () => {
    clock.set(NOW);
    const { client } = await testCheckoutMember("cus_test_card");
    const portal = await client.post("/api/me/membership/billing-portal");
    expect(portal.status).toBe(200);
    const { url } = (await portal.json()) as { url: string };
    expect(url).toMatch(/^\/test-billing\/[\w-]+\.[\w-]+$/);

    const page = await t.request(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Update your card");
    expect(html).toContain("Visa •••• 4242 · expires 12/2034");

    const refused = await t.request(url, {
      method: "POST",
      headers: SAME_ORIGIN,
      body: "number=4242424242424241&expiry=12%2F30",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Please enter a valid card number");
    expect((await membershipOf(client)).membership?.card?.label).toBe("Visa •••• 4242");

    const saved = await t.request(url, {
      method: "POST",
      headers: SAME_ORIGIN,
      body: "number=5555+5555+5555+4444&expiry=09%2F29",
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/my-membership?card=updated");
    expect((await membershipOf(client)).membership?.card).toEqual({
      label: "Mastercard •••• 4444",
      expMonth: 9,
      expYear: 2029,
    });

    // Another site cannot post to it; a changed link opens nothing; the link lasts 30 minutes.
    const crossSite = await t.request(url, {
      method: "POST",
      headers: { ...SAME_ORIGIN, origin: "https://evil.example" },
      body: "number=4242424242424242&expiry=12%2F30",
    });
    expect(crossSite.status).toBe(403);
    expect((await t.request(`${url.slice(0, -3)}abc`)).status).toBe(410);
    clock.set(new Date(NOW.getTime() + 31 * 60_000));
    expect((await t.request(url)).status).toBe(410);
    clock.set(NOW);
  });
});

describe("cancelling online at period end", () => {
  it("is the staff's while the venue's policy is off, then the member confirms, is emailed and audited", async () => {
    clock.set(NOW);
    const { user, client } = await testCheckoutMember("cus_test_cancel");

    const refused = await client.post("/api/me/membership/cancel", { confirm: true });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toMatch(/^To cancel your membership, please call us at /);
    expect(present((await t.db.select().from(users).where(eq(users.id, user.id)))[0]).cancelAt).toBeNull();

    await setPolicy(true);
    const [policyAudit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "update_member_cancel_policy"));
    expect(policyAudit?.details).toMatchObject({ before: { enabled: false }, after: { enabled: true } });
    expect((await membershipOf(client)).selfCancel).toEqual({
      allowed: true,
      message:
        "You can cancel online. Your membership stays active until December 8, 2026, then ends and is not renewed.",
    });

    expect((await client.post("/api/me/membership/cancel", {})).status).toBe(400);
    const cancelled = await client.post("/api/me/membership/cancel", { confirm: true });
    expect(cancelled.status).toBe(200);
    const after = (await cancelled.json()) as MyMembershipResponse;
    expect(after.membership).toMatchObject({ status: "ending", endsOn: "2026-12-08", renewsOn: null });
    expect(after.selfCancel.allowed).toBe(false);
    const row = present((await t.db.select().from(users).where(eq(users.id, user.id)))[0]);
    expect(row.cancelAt?.toISOString()).toBe(NEXT_BILLING.toISOString());
    expect(row.isMember).toBe(true);

    const mail = present((await t.emailsTo(user.email)).at(-1));
    expect(mail.subject).toMatch(/membership ends on December 8, 2026$/);
    expect(mail.textBody).toContain("It stays active until December 8, 2026");
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "member_cancel_membership"), eq(auditLog.targetId, user.id)));
    expect(audit).toMatchObject({ actorUserId: user.id, outcome: "success" });

    const again = await client.post("/api/me/membership/cancel", { confirm: true });
    expect(again.status).toBe(409);
    expect((await t.emailsTo(user.email)).length).toBe(1);
    await setPolicy(false);
  });
});

describe("with Stripe", () => {
  it("reads the card, price and invoices from Stripe, opens its billing portal and cancels there", async () => {
    const stripe = await startFakeStripe();
    const saved = t.deps.payments;
    t.deps.payments = createStripeProvider({
      secretKey: "sk_test_fake",
      webhookSecret: "whsec_fake",
      apiBase: stripe.url,
    });
    try {
      const user = await t.createMember({
        stripeCustomerId: "cus_live",
        stripeSubscriptionId: "sub_live",
        membershipPlan: "annual",
        nextBillingDate: NEXT_BILLING,
      });
      const client = await t.signIn(user.email, user.password);
      stripe.setSubscription("sub_live", {
        id: "sub_live",
        object: "subscription",
        customer: "cus_live",
        status: "active",
        default_payment_method: {
          id: "pm_1",
          object: "payment_method",
          card: { brand: "amex", last4: "0005", exp_month: 4, exp_year: 2028 },
        },
        items: { object: "list", data: [{ id: "si_1", price: { id: "price_a", unit_amount: 80000 } }] },
      });
      stripe.answer("GET /v1/invoices", {
        object: "list",
        data: [
          {
            id: "in_1",
            object: "invoice",
            number: "ABC-0001",
            created: Math.floor(new Date("2026-01-08T18:00:00Z").getTime() / 1000),
            amount_paid: 80000,
            amount_due: 80000,
            status: "paid",
            hosted_invoice_url: "https://invoice.stripe.test/i/in_1",
          },
        ],
        has_more: false,
      });
      const { membership } = await membershipOf(client);
      expect(membership).toMatchObject({
        plan: "annual",
        priceCents: 80000,
        interval: "year",
        card: { label: "American Express •••• 0005", expMonth: 4, expYear: 2028 },
        invoices: [
          {
            id: "in_1",
            number: "ABC-0001",
            date: "2026-01-08",
            amountCents: 80000,
            status: "paid",
            url: "https://invoice.stripe.test/i/in_1",
          },
        ],
        testMode: false,
      });
      const retrieve = stripe.calls.find((c) => c.path === "/v1/subscriptions/sub_live");
      expect(retrieve?.method).toBe("GET");

      stripe.answer("POST /v1/billing_portal/sessions", {
        id: "bps_1",
        object: "billing_portal.session",
        url: "https://billing.stripe.test/p/session/bps_1",
      });
      const portal = await client.post("/api/me/membership/billing-portal");
      expect(await portal.json()).toEqual({ url: "https://billing.stripe.test/p/session/bps_1" });
      const portalCall = present(stripe.calls.find((c) => c.path === "/v1/billing_portal/sessions"));
      const sent = new URLSearchParams(portalCall.raw);
      expect(sent.get("customer")).toBe("cus_live");
      expect(sent.get("return_url")).toBe("http://localhost:3000/my-membership");
      expect(sent.get("flow_data[type]")).toBe("payment_method_update");

      await setPolicy(true);
      const endsAt = Math.floor(new Date("2027-01-08T18:00:00Z").getTime() / 1000);
      stripe.answer("POST /v1/subscriptions/sub_live", {
        id: "sub_live",
        object: "subscription",
        cancel_at: endsAt,
      });
      const cancelled = await client.post("/api/me/membership/cancel", { confirm: true });
      expect(cancelled.status).toBe(200);
      expect(((await cancelled.json()) as MyMembershipResponse).membership?.endsOn).toBe("2027-01-08");
      const update = present(
        stripe.calls.find((c) => c.method === "POST" && c.path === "/v1/subscriptions/sub_live"),
      );
      expect(update.raw).toBe("cancel_at_period_end=true");
      expect(update.idempotencyKey).toBe(`member-cancel-${user.id}`);
      await setPolicy(false);

      // Stripe away: the page still answers, saying the card and invoices cannot be shown now.
      await stripe.close();
      const away = await membershipOf(client);
      expect(away.membership).toMatchObject({ billingAvailable: false, card: null, invoices: [] });
    } finally {
      t.deps.payments = saved;
    }
  });
});
