import { Writable } from "node:stream";
import { count, eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, errorOf, type TestApp, testClock } from "../../../tests/integration/kits/harness";
import {
  membershipPayment,
  NOW,
  SIGNUP_PASSWORD,
  sendTestEvent,
  sessionIdOf,
  signupBody,
} from "../../../tests/integration/kits/membership-test-kit";
import { emailOutbox, payments, pendingMembershipSignups, processedWebhookEvents, users } from "../db/schema";
import { present } from "../lib/present";
import { checkoutCompletedEvent } from "../payments/test-checkout-session";

const clock = testClock(NOW);
let t: TestApp;
const logLines: string[] = [];
const consoleLines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await t.seedFacilities();
  // Every log line the app writes, at every level, without the production redaction: the password
  // must not reach the logger at all.
  t.deps.logger = pino(
    { level: "trace" },
    new Writable({
      write(chunk, _enc, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  );
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      consoleLines.push(args.map(String).join(" "));
    });
  }
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t?.close();
});

async function startSignup(overrides: Parameters<typeof signupBody>[0] = {}) {
  const body = signupBody(overrides);
  const response = await t.client().post("/api/membership/checkout", body);
  if (response.status !== 200)
    throw new Error(`signup answered ${response.status}: ${await response.text()}`);
  const { url } = (await response.json()) as { url: string };
  return { body, url, sessionId: sessionIdOf(url) };
}

const usersWithEmail = (email: string) =>
  t.db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);

describe("membership signup through the built-in test checkout", () => {
  it("creates the member once however often the webhook arrives, and the password signs in", async () => {
    const { body, url, sessionId } = await startSignup();
    expect(url).toMatch(/^\/test-checkout\/cs_test_/);
    // Nothing exists before the provider says so.
    expect(await usersWithEmail(body.email)).toHaveLength(0);

    const page = await t.request(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("TEST CHECKOUT");
    expect(html).toContain("Backspin Club");
    expect(html).toContain("$79.00/month");
    expect(html).toContain("December 18, 2026"); // the simulated next billing date
    expect(html).not.toContain(SIGNUP_PASSWORD);

    const payment = await membershipPayment(t.deps, sessionId);
    expect(payment).toMatchObject({
      provider: "test",
      purpose: "membership",
      amountCents: 7900,
      state: "created",
    });
    const payload = present(checkoutCompletedEvent(payment, sessionId, NOW));
    // The same event five times, at once: one account, one welcome email.
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => sendTestEvent(t.deps, t.request, payload)),
    );
    expect(outcomes.sort()).toEqual(["confirmed", "duplicate", "duplicate", "duplicate", "duplicate"]);
    // A second event for the same session (a new id) changes nothing either.
    const another = present(checkoutCompletedEvent(payment, sessionId, NOW));
    expect(await sendTestEvent(t.deps, t.request, another)).toBe("duplicate");

    const accounts = await usersWithEmail(body.email);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({
      firstName: "Jamie",
      lastName: "Joiner",
      phone: "+15125550199",
      isMember: true,
      isAdmin: false,
      membershipPlan: "monthly",
      stripeSubscriptionId: expect.stringMatching(/^sub_test_/),
      stripeCustomerId: expect.stringMatching(/^cus_test_/),
      cancelAt: null,
    });
    expect(present(accounts[0]).nextBillingDate?.toISOString()).toBe("2026-12-18T15:00:00.000Z");
    expect(await membershipPayment(t.deps, sessionId)).toMatchObject({
      state: "completed",
      providerSubscriptionId: present(accounts[0]).stripeSubscriptionId,
    });

    const emails = await t.emailsTo(body.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toBe("Welcome to Backspin Club!");
    expect(emails[0]?.textBody).toContain("Your next billing date is December 18, 2026.");

    const browser = await t.signIn(body.email, SIGNUP_PASSWORD);
    expect(await browser.sessionUser()).toMatchObject({ email: body.email, isMember: true });
    expect((await t.client().signIn(body.email, "wrong-password")).status).toBe(401);

    // Clicking Subscribe again, after the webhook: straight to the success page.
    const again = await t.request(`${url}/pay`, { method: "POST" });
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(`/membership-success?session_id=${sessionId}`);
  });

  it("Subscribe on the test checkout creates the member; the plain password is stored nowhere and logged nowhere", async () => {
    logLines.length = 0;
    consoleLines.length = 0;
    const { body, url, sessionId } = await startSignup({
      plan: "annual",
      email: "Annual.Joiner@Example.test",
    });
    const [pending] = await t.db
      .select()
      .from(pendingMembershipSignups)
      .where(eq(pendingMembershipSignups.email, "annual.joiner@example.test"));
    expect(pending).toMatchObject({ plan: "annual", status: "pending" });
    expect(present(pending).passwordHash).not.toContain(SIGNUP_PASSWORD);
    expect(present(pending).passwordHash.length).toBeGreaterThan(40);

    const paid = await t.request(`${url}/pay`, { method: "POST" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`/membership-success?session_id=${sessionId}`);
    const [member] = await usersWithEmail(body.email);
    expect(member).toMatchObject({
      isMember: true,
      membershipPlan: "annual",
      email: "annual.joiner@example.test",
    });
    expect(present(member).nextBillingDate?.toISOString()).toBe("2027-11-18T15:00:00.000Z");
    expect((await membershipPayment(t.deps, sessionId)).amountCents).toBe(85000);
    await t.signIn(body.email, SIGNUP_PASSWORD);

    // The signup's hash is wiped once the account holds it.
    const [done] = await t.db
      .select()
      .from(pendingMembershipSignups)
      .where(eq(pendingMembershipSignups.id, present(pending).id));
    expect(done).toMatchObject({ status: "completed", userId: present(member).id, passwordHash: "" });

    const stored = JSON.stringify([
      await t.db.select().from(payments),
      await t.db.select().from(pendingMembershipSignups),
      await t.db.select().from(emailOutbox),
      await t.db.select().from(processedWebhookEvents),
      await t.db.select().from(users),
    ]);
    expect(stored).not.toContain(SIGNUP_PASSWORD);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join("\n")).not.toContain(SIGNUP_PASSWORD);
    expect(consoleLines.join("\n")).not.toContain(SIGNUP_PASSWORD);
  });

  it("refuses an email that already has an account, whatever its case", async () => {
    const existing = await t.createGuestUser({ email: "taken@example.test" });
    const response = await t
      .client()
      .post("/api/membership/checkout", signupBody({ email: "TAKEN@example.test" }));
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe(
      "An account with this email already exists. Please sign in instead.",
    );
    const [n] = await t.db
      .select({ n: count() })
      .from(pendingMembershipSignups)
      .where(eq(pendingMembershipSignups.email, "taken@example.test"));
    expect(n?.n).toBe(0);
    expect(existing.isMember).toBe(false);
  });

  it.each([
    [{ password: "12345" }, "Password must be at least 6 characters"],
    [{ firstName: "  " }, "First name is required"],
    [{ lastName: "" }, "Last name is required"],
    [{ email: "not-an-email" }, "Please enter a valid email address"],
    [
      { phone: "555-0199" },
      "Invalid phone number. Please enter a valid 10-digit US phone number (e.g. (512) 555-0142).",
    ],
  ])("refuses %j with the spec's message", async (overrides, message) => {
    const response = await t.client().post("/api/membership/checkout", signupBody(overrides));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(message);
  });

  it("Cancel on the test checkout goes to /membership-cancel and creates nobody", async () => {
    const { body, url, sessionId } = await startSignup();
    const cancelled = await t.request(`${url}/cancel`, { method: "POST" });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("location")).toBe(`/membership-cancel?session_id=${sessionId}`);
    expect(await usersWithEmail(body.email)).toHaveLength(0);
  });

  it("a signup whose checkout has ended cannot be paid, and its hash is wiped at the next signup", async () => {
    const { body, url } = await startSignup();
    clock.advance(25 * 3600_000);
    try {
      expect((await t.request(url)).status).toBe(410);
      expect((await t.request(`${url}/pay`, { method: "POST" })).status).toBe(410);
      await startSignup();
      const [old] = await t.db
        .select()
        .from(pendingMembershipSignups)
        .where(eq(pendingMembershipSignups.email, body.email));
      expect(old).toMatchObject({ status: "expired", passwordHash: "" });
      expect(await usersWithEmail(body.email)).toHaveLength(0);
    } finally {
      clock.set(NOW);
    }
  });
});
