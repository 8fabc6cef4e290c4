import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  type TestApp,
  type TestClient,
  testClock,
} from "../../../tests/integration/kits/harness";
import {
  eventPayload,
  invoiceObject,
  NOW,
  paidAtField,
  sendTestEvent,
  signupBody,
} from "../../../tests/integration/kits/membership-test-kit";
import type { MembersReport, RevenueReport } from "../../contracts/reports";
import { payments, users } from "../db/schema";
import { present } from "../lib/present";

// Decision 040: a membership's renewal is a payment, once per invoice, so the revenue report counts
// it on the day it was paid, and the members report still counts one signup.
const clock = testClock(NOW);
let t: TestApp;
let manager: TestClient;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await t.seedFacilities();
  const m = await t.createAdmin({ staffRole: "manager" });
  manager = await t.signIn(m.email, m.password);
});
afterAll(() => t?.close());

/** A member created the way a real one is: signup, then the test checkout's Subscribe. */
async function join() {
  clock.set(NOW);
  const body = signupBody();
  const response = await t.client().post("/api/membership/checkout", body);
  const { url } = (await response.json()) as { url: string };
  await t.request(`${url}/pay`, { method: "POST" });
  const [row] = await t.db.select().from(users).where(eq(users.email, body.email));
  return present(row);
}

const membershipPayments = (customerId: string | null) =>
  t.db
    .select()
    .from(payments)
    .where(and(eq(payments.purpose, "membership"), eq(payments.providerCustomerId, present(customerId))));

async function report<T>(name: string, from: string, to = from): Promise<T> {
  const response = await manager.get(`/api/admin/reports/${name}?from=${from}&to=${to}`);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

describe("membership renewals reach the payments table (decision 040)", () => {
  it("a renewal invoice sent twice, and its twin event, is one payment the revenue report counts on its day", async () => {
    const member = await join();
    const sub = present(member.stripeSubscriptionId);
    // A month on: Stripe charges the renewal at 9:00 in the venue on 18 Dec and tells us at 9:05.
    const paidAt = new Date("2026-12-18T15:00:00Z");
    clock.set(new Date("2026-12-18T15:05:00Z"));
    const invoice = invoiceObject(sub, new Date("2027-01-18T15:00:00Z"), {
      id: "in_renewal_dec",
      amount_paid: 7937,
      currency: "usd",
      billing_reason: "subscription_cycle",
      customer: member.stripeCustomerId,
      ...paidAtField(paidAt),
    });
    const paid = eventPayload("invoice.paid", invoice);
    expect(await sendTestEvent(t.deps, t.request, paid)).toBe("updated");
    expect(await sendTestEvent(t.deps, t.request, paid)).toBe("duplicate");
    const twin = eventPayload("invoice.payment_succeeded", invoice);
    expect(await sendTestEvent(t.deps, t.request, twin)).toBe("duplicate");

    const rows = await membershipPayments(member.stripeCustomerId);
    expect(rows).toHaveLength(2);
    const renewal = present(rows.find((r) => r.isRenewal));
    expect(renewal).toMatchObject({
      provider: "test",
      providerPaymentId: "in_renewal_dec",
      providerSubscriptionId: sub,
      amountCents: 7937,
      refundedCents: 0,
      state: "completed",
      reference: null,
      createdAt: paidAt,
    });
    expect(renewal.checkout?.customerEmail).toBe(member.email);
    const renewed = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(present(renewed[0]).nextBillingDate?.toISOString()).toBe("2027-01-18T15:00:00.000Z");

    // The revenue report of the renewal's day has it in memberships, to the cent, with no code of its own.
    const day = await report<RevenueReport>("revenue", "2026-12-18");
    expect(day.days).toEqual([expect.objectContaining({ date: "2026-12-18", memberships: 7937 })]);
    expect(day.totals.totalCents).toBe(7937);
    // The signup's day keeps the signup's payment only; and the renewal is no new membership.
    const both = await report<RevenueReport>("revenue", "2026-11-18", "2026-12-18");
    const signup = present(rows.find((r) => !r.isRenewal));
    expect(both.totals.memberships).toBe(signup.amountCents + 7937);
    const members = await report<MembersReport>("members", "2026-12-01", "2026-12-31");
    expect(members.newMembers).toBe(0);
  });

  it("the signup's own first invoice and an invoice of nothing (a comp's deferred period) add no payment", async () => {
    const member = await join();
    const sub = present(member.stripeSubscriptionId);
    const [signup] = await membershipPayments(member.stripeCustomerId);
    const firstInvoice = present(present(signup).providerPaymentId);
    clock.set(new Date("2026-11-18T15:01:00Z"));
    const first = invoiceObject(sub, new Date("2026-12-18T15:00:00Z"), {
      id: firstInvoice,
      amount_paid: 7900,
      billing_reason: "subscription_create",
      ...paidAtField(NOW),
    });
    expect(await sendTestEvent(t.deps, t.request, eventPayload("invoice.paid", first))).toBe("duplicate");
    // Without Stripe's reason, the invoice's id alone keeps it from counting twice.
    const { billing_reason: _reason, ...bare } = first as typeof first & { billing_reason?: string };
    expect(await sendTestEvent(t.deps, t.request, eventPayload("invoice.paid", bare))).toBe("duplicate");
    const free = invoiceObject(sub, new Date("2027-01-18T15:00:00Z"), {
      amount_paid: 0,
      billing_reason: "subscription_cycle",
    });
    expect(await sendTestEvent(t.deps, t.request, eventPayload("invoice.paid", free))).toBe("updated");
    expect(await membershipPayments(member.stripeCustomerId)).toHaveLength(1);
  });

  it("an invoice of a subscription that is not ours records nothing", async () => {
    const stranger = invoiceObject("sub_someone_else", new Date("2027-01-18T15:00:00Z"), {
      amount_paid: 7900,
      billing_reason: "subscription_cycle",
    });
    expect(await sendTestEvent(t.deps, t.request, eventPayload("invoice.paid", stranger))).toBe("ignored");
    const rows = await t.db.select().from(payments).where(eq(payments.providerPaymentId, stranger.id));
    expect(rows).toHaveLength(0);
  });
});
