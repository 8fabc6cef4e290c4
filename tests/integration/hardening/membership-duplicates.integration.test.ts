import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { paymentRefunds, payments, pendingMembershipSignups, users } from "../../../src/server/db/schema";
import { present } from "../../../src/server/lib/present";
import { checkoutCompletedEvent } from "../../../src/server/payments/test-checkout-session";
import { createTestApp, errorOf, type TestApp, testClock } from "../kits/harness";
import { membershipPayment, NOW, sendTestEvent, sessionIdOf, signupBody } from "../kits/membership-test-kit";

// ISSUE 12 "Safe to deploy" (DECISIONS.md One email, one live membership subscription): a second
// paid signup for the same email charged again — 3 subscriptions on 1 account, the earlier ones
// billing where the admin cannot reach them — and two at once ended in a unique violation (500).
// Now a second signup is refused before payment, and a payment that still races in is cancelled
// and refunded through the provider, the customer is emailed, and nothing answers 500.

const IN_PROGRESS =
  "A membership signup for this email is already waiting for payment. Please complete it, or try again later.";

const clock = testClock(NOW);
let t: TestApp;
beforeEach(async () => {
  clock.set(NOW);
  t = await createTestApp({ now: clock.now });
  await t.seedFacilities();
});
afterEach(async () => {
  await t?.close();
});

const startSignup = (email: string) => t.client().post("/api/membership/checkout", signupBody({ email }));

async function pay(url: string) {
  const sessionId = sessionIdOf(url);
  const payment = await membershipPayment(t.deps, sessionId);
  const payload = present(
    checkoutCompletedEvent(payment, sessionId, clock.now()),
    "subscription completed event",
  );
  return {
    payload,
    paymentId: payment.id,
    subscriptionId: JSON.parse(payload).data.object.subscription.id as string,
  };
}

const accountsOf = (email: string) => t.db.select().from(users).where(sql`lower(${users.email}) = ${email}`);

describe("one email, one live membership", () => {
  it("refuses a second signup while the first is waiting for payment, before any payment", async () => {
    const email = "twice@example.test";
    const first = await startSignup(email);
    const second = await startSignup(email);

    expect(first.status).toBe(200);
    expect(second.status).toBe(409);
    expect((await errorOf(second)).message).toBe(IN_PROGRESS);
    const signups = await t.db
      .select()
      .from(pendingMembershipSignups)
      .where(eq(pendingMembershipSignups.email, email));
    expect(signups).toHaveLength(1);
  });

  it("two signups at once: one goes to payment, the other is refused, none answers 500", async () => {
    const email = "at-once@example.test";
    const responses = await Promise.all(Array.from({ length: 5 }, () => startSignup(email)));

    expect(responses.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
  });

  it("a payment that still races in is cancelled and refunded, and the customer is told", async () => {
    const email = "late@example.test";
    const early = (await (await startSignup(email)).json()) as { url: string };
    // The first checkout is still payable at the provider, but no longer live here: a second
    // signup goes through, and both are paid.
    await t.db.update(pendingMembershipSignups).set({ expiresAt: new Date(NOW.getTime() - 1000) });
    const later = (await (await startSignup(email)).json()) as { url: string };
    const kept = await pay(later.url);
    const extra = await pay(early.url);

    expect(await sendTestEvent(t.deps, t.request, kept.payload)).toBe("confirmed");
    expect(await sendTestEvent(t.deps, t.request, extra.payload)).toBe("refunded");

    const [account] = await accountsOf(email);
    expect(account).toMatchObject({ isMember: true, stripeSubscriptionId: kept.subscriptionId });
    const [refunded] = await t.db.select().from(payments).where(eq(payments.id, extra.paymentId));
    expect(refunded).toMatchObject({
      state: "refunded",
      refundedCents: present(refunded, "extra payment").amountCents,
    });
    expect(present(refunded, "extra payment").providerRefundId).toMatch(/^re_test_/);
    // In the refund ledger too (decision 040), so payments less refunds is still the revenue.
    const ledger = await t.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, extra.paymentId));
    expect(ledger).toEqual([
      expect.objectContaining({
        amountCents: present(refunded, "extra payment").amountCents,
        providerRefundId: present(refunded, "extra payment").providerRefundId,
        idempotencyKey: `refund-${extra.paymentId}`,
        actorUserId: null,
      }),
    ]);
    const emails = await t.emailsTo(email);
    expect(emails.map((e) => e.subject).some((s) => /refund/i.test(s))).toBe(true);
    // A repeat of the event refunds nothing twice.
    expect(await sendTestEvent(t.deps, t.request, extra.payload)).toBe("duplicate");
    expect(
      await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, extra.paymentId)),
    ).toHaveLength(1);
  });

  it("two payments arriving at once: one account, one refund, no 500", async () => {
    const email = "both-paid@example.test";
    const a = (await (await startSignup(email)).json()) as { url: string };
    await t.db.update(pendingMembershipSignups).set({ expiresAt: new Date(NOW.getTime() - 1000) });
    const b = (await (await startSignup(email)).json()) as { url: string };
    const [payA, payB] = [await pay(a.url), await pay(b.url)];

    const outcomes = await Promise.all([
      sendTestEvent(t.deps, t.request, payA.payload),
      sendTestEvent(t.deps, t.request, payB.payload),
    ]);

    expect(outcomes.sort()).toEqual(["confirmed", "refunded"]);
    expect(await accountsOf(email)).toHaveLength(1);
  });
});
