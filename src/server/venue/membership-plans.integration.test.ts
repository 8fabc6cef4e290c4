import { count, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type AdminTestbed, adminTestbed } from "../../../tests/integration/kits/admin-test-kit";
import { errorOf } from "../../../tests/integration/kits/harness";
import {
  SIGNUP_PASSWORD,
  signupBody,
  startFakeStripe,
} from "../../../tests/integration/kits/membership-test-kit";
import type { MyMembershipResponse } from "../../contracts/membership";
import type { MembershipPlansResponse, PublicPlansResponse } from "../../contracts/membership-plans";
import { DEFAULT_MEMBERSHIP_PLANS, type PlanSettings } from "../../domain/membership";
import { auditLog, membershipPlans, payments, pendingMembershipSignups, users } from "../db/schema";
import { present } from "../lib/present";
import { createStripeProvider } from "../payments/stripe-provider";
import { forgetVenueRules } from "../settings/venue-rules-cache";

// Issue 32 item 3: the membership plans are the venue's data — /signup shows them, the checkout
// charges them, and a provider price that disagrees is refused (comps: admin/comp-membership.integration.test.ts).

let bed: AdminTestbed;

beforeAll(async () => {
  bed = await adminTestbed();
});
afterAll(() => bed?.t.close());

const save = (plans: PlanSettings[]) => bed.admin.put("/api/admin/membership-plans", { plans });
const plans = (monthly: Partial<PlanSettings> = {}, annual: Partial<PlanSettings> = {}): PlanSettings[] => [
  { ...present(DEFAULT_MEMBERSHIP_PLANS[0]), ...monthly },
  { ...present(DEFAULT_MEMBERSHIP_PLANS[1]), ...annual },
];
const signupPlans = async () =>
  ((await (await bed.t.client().get("/api/membership/plans")).json()) as PublicPlansResponse).plans;
const auditRows = async (action: "update_membership_plans" | "comp_membership") =>
  bed.t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));

/** A signup through the built-in test checkout, paid; returns the account and its payment. */
async function joinAndPay(plan: "monthly" | "annual" = "monthly") {
  const body = signupBody({ plan });
  const response = await bed.t.client().post("/api/membership/checkout", body);
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  const [signup] = await bed.t.db
    .select()
    .from(pendingMembershipSignups)
    .where(eq(pendingMembershipSignups.email, body.email));
  const [payment] = await bed.t.db
    .select()
    .from(payments)
    .where(eq(payments.reference, present(signup).id));
  await bed.t.request(`${url}/pay`, { method: "POST" });
  const [user] = await bed.t.db.select().from(users).where(eq(users.email, body.email));
  return { email: body.email, user: present(user), payment: present(payment) };
}

beforeEach(async () => {
  expect((await save(DEFAULT_MEMBERSHIP_PLANS)).status).toBe(200);
});

describe("membership plans", () => {
  it("are seeded with the spec's plans: /signup shows Monthly $79 and Annually $850 with Save $98", async () => {
    const response = await bed.admin.get("/api/admin/membership-plans");
    const body = (await response.json()) as MembershipPlansResponse;
    expect(body).toEqual({ plans: DEFAULT_MEMBERSHIP_PLANS, provider: "test", priceIdRequired: false });
    expect(await signupPlans()).toEqual([
      { id: "monthly", name: "Monthly", priceCents: 7900, interval: "month", savingsNote: null },
      { id: "annual", name: "Annually", priceCents: 85000, interval: "year", savingsNote: "Save $98" },
    ]);
  });

  it("a plan edit changes /signup and the amount the checkout charges at once, audited with before and after", async () => {
    const saved = await save(plans({ name: "Monthly Plus", priceCents: 8900 }));
    expect(saved.status).toBe(200);
    expect(await signupPlans()).toEqual([
      { id: "monthly", name: "Monthly Plus", priceCents: 8900, interval: "month", savingsNote: null },
      { id: "annual", name: "Annually", priceCents: 85000, interval: "year", savingsNote: "Save $218" },
    ]);
    const { payment, user } = await joinAndPay("monthly");
    expect(payment.amountCents).toBe(8900);
    expect(payment.checkout?.lineItems).toEqual([
      expect.objectContaining({ name: "Backspin Club membership (Monthly Plus)", amountCents: 8900 }),
    ]);
    expect(user).toMatchObject({ isMember: true, membershipPlan: "monthly" });
    const welcome = await bed.t.emailsTo(user.email);
    expect(welcome.map((e) => e.textBody).join("\n")).toContain("Plan: Monthly Plus ($89/month)");

    const [entry] = await auditRows("update_membership_plans");
    expect(entry?.actorUserId).toBe(bed.adminId);
    expect(entry?.details).toMatchObject({
      before: [
        { id: "monthly", priceCents: 7900, name: "Monthly" },
        { id: "annual", priceCents: 85000 },
      ],
      after: [
        { id: "monthly", priceCents: 8900, name: "Monthly Plus" },
        { id: "annual", priceCents: 85000 },
      ],
    });
  });

  it.each([
    ["a negative price", plans({ priceCents: -100 }), "The Monthly plan's price must be more than $0"],
    [
      "an absurd price",
      plans({}, { priceCents: 1_000_001 }),
      "The Annually plan's price must be at most $10,000",
    ],
    ["an empty name", plans({ name: " " }), "The first plan needs a name"],
    ["an unknown interval", plans({ interval: "week" as never }), "A plan bills every month or every year"],
  ])("refuses %s with a clear message and changes nothing", async (_, bad, message) => {
    const audits = (await auditRows("update_membership_plans")).length;
    const response = await save(bad);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(message);
    expect((await signupPlans()).map((p) => [p.name, p.priceCents, p.interval])).toEqual([
      ["Monthly", 7900, "month"],
      ["Annually", 85000, "year"],
    ]);
    expect((await auditRows("update_membership_plans")).length).toBe(audits);
  });

  it("an existing subscription keeps the price it was sold at; new signups pay the new price", async () => {
    const { email } = await joinAndPay("monthly");
    expect((await save(plans({ priceCents: 9900 }))).status).toBe(200);
    const member = await bed.t.signIn(email, SIGNUP_PASSWORD);
    const mine = (await (await member.get("/api/me/membership")).json()) as MyMembershipResponse;
    expect(mine.membership).toMatchObject({ plan: "monthly", priceCents: 7900, interval: "month" });
    const next = await joinAndPay("monthly");
    expect(next.payment.amountCents).toBe(9900);
  });
});

describe("the payment provider's price must match the plan", () => {
  it("refuses a price id that charges another amount, on save and at the checkout's start", async () => {
    const stripe = await startFakeStripe();
    stripe.setPrice("price_old_79", 7900, "month");
    stripe.setPrice("price_new_89", 8900, "month");
    const saved = bed.t.deps.payments;
    bed.t.deps.payments = createStripeProvider({
      secretKey: "sk_test_fake",
      webhookSecret: "whsec_test",
      apiBase: stripe.url,
    });
    try {
      const matching = plans({ providerPriceId: "price_old_79" }, { providerPriceId: "price_annual_850" });
      expect((await save(matching)).status).toBe(200);

      // On save: $89 stated, the price id still charges $79.
      const before = (await auditRows("update_membership_plans")).length;
      const mismatch = await save(
        plans({ priceCents: 8900, providerPriceId: "price_old_79" }, { providerPriceId: "price_annual_850" }),
      );
      expect(mismatch.status).toBe(400);
      const error = (await errorOf(mismatch)) as { message: string; field?: string };
      expect(error.message).toBe(
        "The Monthly plan's price id price_old_79 charges $79/month at the payment provider, not $89/month: change the price or the price id so they match",
      );
      expect(error.field).toBe("plans.0.providerPriceId");
      const unknown = await save(
        plans({ providerPriceId: "price_nowhere" }, { providerPriceId: "price_annual_850" }),
      );
      expect(unknown.status).toBe(400);
      expect((await errorOf(unknown)).message).toContain("does not know the price id price_nowhere");
      expect((await auditRows("update_membership_plans")).length).toBe(before);
      expect((await signupPlans())[0]?.priceCents).toBe(7900);

      // The matching pair saves; the checkout sends that price id.
      const good = plans(
        { priceCents: 8900, providerPriceId: "price_new_89" },
        { providerPriceId: "price_annual_850" },
      );
      expect((await save(good)).status).toBe(200);
      const started = await bed.t.client().post("/api/membership/checkout", signupBody());
      expect(started.status).toBe(200);
      const call = present(stripe.calls.filter((c) => c.path === "/v1/checkout/sessions").at(-1));
      expect(Object.fromEntries(new URLSearchParams(call.raw))["line_items[0][price]"]).toBe("price_new_89");

      // At the start: the provider's price differs from the plan's (here, a price id given by the
      // first-run configuration) — refused with the reason, nothing kept.
      stripe.setPrice("price_drifted", 9900, "month");
      await bed.t.db
        .update(membershipPlans)
        .set({ providerPriceId: "price_drifted" })
        .where(eq(membershipPlans.id, "monthly"));
      forgetVenueRules(bed.t.db);
      const body = signupBody();
      const refused = await bed.t.client().post("/api/membership/checkout", body);
      expect(refused.status).toBe(409);
      expect((await errorOf(refused)).message).toBe(
        "The Monthly plan can't be bought online right now: its price at our payment provider doesn't match $89/month. Please call us at (512) 555-0142 to join.",
      );
      const [kept] = await bed.t.db
        .select({ n: count() })
        .from(pendingMembershipSignups)
        .where(eq(pendingMembershipSignups.email, body.email));
      expect(kept?.n).toBe(0);

      // In production a plan without a price id is refused on save.
      const config = bed.t.deps.config as { isProduction: boolean };
      config.isProduction = true;
      try {
        const missing = await save(plans({ providerPriceId: "price_old_79" }, { providerPriceId: null }));
        expect(missing.status).toBe(400);
        expect((await errorOf(missing)).message).toBe(
          "The Annually plan needs the payment provider's price id before members can subscribe to it",
        );
      } finally {
        config.isProduction = false;
      }
    } finally {
      bed.t.deps.payments = saved;
      await stripe.close();
    }
  });
});
