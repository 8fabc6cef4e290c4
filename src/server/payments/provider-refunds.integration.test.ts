import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminTestbed,
  adminTestbed,
  DAY,
  MANAGER_PASSWORD,
} from "../../../tests/integration/kits/admin-test-kit";
import {
  checkoutOk,
  completedEvent,
  createHoldOk,
  holdBody,
  item,
  paymentForSession,
  postWebhook,
  startFakeStripe,
} from "../../../tests/integration/kits/booking-test-kit";
import { createMember } from "../../../tests/integration/kits/factories";
import { failUpdatesOf } from "../../../tests/integration/kits/webhook-kit";
import type { AdminDayResponse } from "../../contracts/admin";
import { pgErrorCode } from "../db/pg-errors";
import {
  auditLog,
  paymentRefunds,
  payments,
  pendingMembershipSignups,
  processedWebhookEvents,
  reservations,
} from "../db/schema";
import { present } from "../lib/present";
import { OUR_REFUND_KEY } from "../payment-provider";
import { lockPaymentById } from "./payment-rows";
import { DASHBOARD_REFUND_REASON } from "./record-provider-refund";
import { recordRefund } from "./refund-payment";
import { createStripeProvider } from "./stripe-provider";

// Decision 043: a refund made in Stripe's dashboard reaches us as signed refund.* events through the
// real webhook route (Stripe faked at the network edge, events signed with the SDK's own helper),
// and is booked once per refund id by the spine — whatever repeats, whatever order, and never again
// for the echo of a refund we made ourselves.

const WEBHOOK_SECRET = "whsec_provider_refunds";
let bed: AdminTestbed;
let stripe: Awaited<ReturnType<typeof startFakeStripe>>;

beforeAll(async () => {
  stripe = await startFakeStripe();
  bed = await adminTestbed();
  bed.t.deps.payments = createStripeProvider({
    secretKey: "sk_test_fake",
    webhookSecret: WEBHOOK_SECRET,
    apiBase: stripe.url,
  });
});
afterAll(async () => {
  await bed?.t.close();
  await stripe?.close();
});

const sign = (payload: string) =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
    timestamp: Math.floor(bed.clock.now().getTime() / 1000),
  });

type RefundFields = {
  id: string;
  amount: number;
  paymentIntent: string;
  status?: string;
  currency?: string;
  metadata?: Record<string, string>;
};

/** A refund.* event as Stripe sends it since API 2024-10-28: the whole Refund in data.object. */
function refundEvent(type: "refund.created" | "refund.updated" | "refund.failed", refund: RefundFields) {
  return JSON.stringify({
    id: `evt_${randomBytes(8).toString("hex")}`,
    object: "event",
    type,
    api_version: "2026-10-28.endive",
    created: Math.floor(bed.clock.now().getTime() / 1000),
    livemode: false,
    data: {
      object: {
        id: refund.id,
        object: "refund",
        amount: refund.amount,
        currency: refund.currency ?? "usd",
        charge: `ch_${refund.paymentIntent.slice(3)}`,
        payment_intent: refund.paymentIntent,
        status: refund.status ?? "succeeded",
        reason: null,
        metadata: refund.metadata ?? {},
        created: Math.floor(bed.clock.now().getTime() / 1000),
      },
    },
  });
}

async function deliver(payload: string): Promise<string> {
  const response = await postWebhook(bed.t.request, payload, sign(payload));
  expect(response.status).toBe(200);
  return ((await response.json()) as { outcome: string }).outcome;
}

/** A court booking paid through Stripe Checkout (its webhook), with its payment intent. */
async function paidStripeBooking(startTime: string) {
  const client = bed.t.client();
  const hold = await createHoldOk(
    client,
    holdBody({ items: [item({ date: DAY, startTime, duration: 90 })] }),
  );
  const checkout = await checkoutOk(client, hold);
  const payment = await paymentForSession(bed.t.deps, checkout.sessionId);
  const paymentIntent = `pi_${randomBytes(8).toString("hex")}`;
  expect(await deliver(completedEvent(payment, { paymentIntent }))).toBe("confirmed");
  const [reservation] = await bed.t.db
    .select()
    .from(reservations)
    .where(eq(reservations.holdId, hold.holdId));
  return {
    payment: { ...payment, providerPaymentId: paymentIntent },
    reservation: present(reservation),
    paymentIntent,
  };
}

const paymentRow = async (id: string) =>
  present((await bed.t.db.select().from(payments).where(eq(payments.id, id)))[0]);
const ledgerOf = (paymentId: string) =>
  bed.t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
const auditOf = (paymentId: string) =>
  bed.t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "provider_refund"), eq(auditLog.targetId, paymentId)));
/** What the payment still holds, from the ledger: paid less every refund row. */
async function netOfLedger(paymentId: string): Promise<number> {
  const payment = await paymentRow(paymentId);
  const ledger = await ledgerOf(paymentId);
  return payment.amountCents - ledger.reduce((sum, r) => sum + r.amountCents, 0);
}
/** The reservation as the staff's day view shows it. */
const reservationAsStaffSee = async (id: string) => {
  const response = await bed.admin.get(`/api/admin/day?date=${DAY}&facilityType=court`);
  expect(response.status).toBe(200);
  return present(((await response.json()) as AdminDayResponse).reservations.find((r) => r.id === id));
};

/** A membership signup waiting for its checkout's event, as create-membership-session.ts leaves it. */
async function signupAwaitingPayment(email: string) {
  const [signup] = await bed.t.db
    .insert(pendingMembershipSignups)
    .values({
      email,
      firstName: "Jamie",
      lastName: "Joiner",
      plan: "monthly",
      passwordHash: "hash",
      expiresAt: new Date(bed.clock.now().getTime() + 3600_000),
    })
    .returning();
  const sessionId = `cs_${randomBytes(8).toString("hex")}`;
  const [row] = await bed.t.db
    .insert(payments)
    .values({
      provider: "stripe",
      purpose: "membership",
      reference: present(signup).id,
      providerSessionId: sessionId,
      amountCents: 7900,
      state: "created",
    })
    .returning();
  return { payment: present(row), sessionId };
}

const event = (type: string, object: Record<string, unknown>) =>
  JSON.stringify({
    id: `evt_${randomBytes(8).toString("hex")}`,
    object: "event",
    type,
    created: Math.floor(bed.clock.now().getTime() / 1000),
    livemode: false,
    data: { object },
  });

/** checkout.session.completed of a paid subscription checkout: its subscription and first invoice. */
const subscriptionCompleted = (
  signup: { payment: { id: string }; sessionId: string },
  paid: { subscription: string; invoice: string },
) =>
  event("checkout.session.completed", {
    id: signup.sessionId,
    object: "checkout.session",
    mode: "subscription",
    status: "complete",
    payment_status: "paid",
    amount_total: 7900,
    currency: "usd",
    customer: "cus_fake",
    subscription: paid.subscription,
    invoice: paid.invoice,
    metadata: { purpose: "membership", paymentId: signup.payment.id },
  });

/** invoice.paid of a subscription's renewal (API 2025+: its subscription under parent). */
const renewalPaid = (invoiceId: string, subscription: string, amountPaid: number) => {
  const at = Math.floor(bed.clock.now().getTime() / 1000);
  return event("invoice.paid", {
    id: invoiceId,
    object: "invoice",
    status: "paid",
    billing_reason: "subscription_cycle",
    amount_paid: amountPaid,
    currency: "usd",
    customer: "cus_fake",
    status_transitions: { paid_at: at },
    parent: { type: "subscription_details", subscription_details: { subscription, metadata: {} } },
    lines: { object: "list", data: [{ period: { start: at, end: at + 30 * 86_400 } }] },
  });
};

/** A subscription's invoice paid by a payment intent, as Stripe answers for both. */
function subscriptionInvoice(
  subscription: string,
  billingReason: "subscription_create" | "subscription_cycle",
  metadata: Record<string, string>,
) {
  const invoiceId = `in_${randomBytes(8).toString("hex")}`;
  const paymentIntent = `pi_${randomBytes(8).toString("hex")}`;
  stripe.invoiceOfPayment.set(paymentIntent, invoiceId);
  stripe.invoiceSubscription.set(invoiceId, { subscription, billingReason, metadata });
  return { invoiceId, paymentIntent };
}

/** A delivery answered 503 that records nothing, not even the event: Stripe delivers it again. */
async function deliverTooEarly(payload: string) {
  const answered = await postWebhook(bed.t.request, payload, sign(payload));
  expect(answered.status).toBe(503);
  const eventId = (JSON.parse(payload) as { id: string }).id;
  expect(
    await bed.t.db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.eventId, eventId)),
  ).toEqual([]);
}

/** A dashboard refund's ledger row, the only one of its payment. */
const onlyDashboardRefund = (refund: { id: string; amount: number }) => [
  expect.objectContaining({
    amountCents: refund.amount,
    providerRefundId: refund.id,
    reason: DASHBOARD_REFUND_REASON,
  }),
];

const refusal = (write: Promise<unknown>) =>
  write.then(
    () => "written",
    (err: unknown) => pgErrorCode(err),
  );

describe("refunds made in the Stripe dashboard (decision 043)", () => {
  it("books a full refund once: the payment is refunded, the ledger says the dashboard, the booking stays", async () => {
    const { payment, reservation, paymentIntent } = await paidStripeBooking("10:30");
    const refundId = `re_${randomBytes(8).toString("hex")}`;
    const outcome = await deliver(
      refundEvent("refund.created", { id: refundId, amount: payment.amountCents, paymentIntent }),
    );
    expect(outcome).toBe("refunded");
    expect(await paymentRow(payment.id)).toMatchObject({
      state: "refunded",
      refundedCents: payment.amountCents,
      providerRefundId: refundId,
    });
    expect(await ledgerOf(payment.id)).toEqual([
      expect.objectContaining({
        amountCents: payment.amountCents,
        providerRefundId: refundId,
        actorUserId: null,
        reservationId: null,
        reason: DASHBOARD_REFUND_REASON,
        idempotencyKey: `provider-refund-${refundId}`,
      }),
    ]);
    expect(await netOfLedger(payment.id)).toBe(0);
    expect(await auditOf(payment.id)).toEqual([
      expect.objectContaining({
        actorUserId: null,
        outcome: "success",
        targetType: "payment",
        details: expect.objectContaining({ refundId, amountCents: payment.amountCents }),
      }),
    ]);
    // The booking is as it was; staff see the money back, and no Refund button.
    const seen = await reservationAsStaffSee(reservation.id);
    expect(seen).toMatchObject({
      status: "confirmed",
      isRefunded: false,
      refundedCents: payment.amountCents,
      paidCents: payment.amountCents,
      refundable: false,
    });
    // A later update of the same refund (Stripe sends one when it settles) adds nothing.
    expect(
      await deliver(
        refundEvent("refund.updated", { id: refundId, amount: payment.amountCents, paymentIntent }),
      ),
    ).toBe("duplicate");
    expect((await paymentRow(payment.id)).refundedCents).toBe(payment.amountCents);
    expect(await ledgerOf(payment.id)).toHaveLength(1);
  });

  it("adds partial refunds up, in whatever order their events come, to the cent", async () => {
    const { payment, reservation, paymentIntent } = await paidStripeBooking("10:00");
    const first = { id: `re_${randomBytes(8).toString("hex")}`, amount: 1234, paymentIntent };
    // The settled update arrives before the pending creation: booked at the first, not again.
    expect(await deliver(refundEvent("refund.updated", first))).toBe("refunded");
    expect(await deliver(refundEvent("refund.created", { ...first, status: "pending" }))).toBe("duplicate");
    expect(await paymentRow(payment.id)).toMatchObject({ state: "completed", refundedCents: 1234 });
    expect((await reservationAsStaffSee(reservation.id)).refundable).toBe(true);

    const rest = {
      id: `re_${randomBytes(8).toString("hex")}`,
      amount: payment.amountCents - 1234,
      paymentIntent,
    };
    expect(await deliver(refundEvent("refund.created", rest))).toBe("refunded");
    expect(await paymentRow(payment.id)).toMatchObject({
      state: "refunded",
      refundedCents: payment.amountCents,
    });
    const ledger = await ledgerOf(payment.id);
    expect(ledger.map((r) => r.amountCents).sort((a, b) => a - b)).toEqual(
      [1234, payment.amountCents - 1234].sort((a, b) => a - b),
    );
    expect(await netOfLedger(payment.id)).toBe(0);
    expect(await auditOf(payment.id)).toHaveLength(2);

    // A third refund the ledger cannot hold (nothing remains) is logged, never booked.
    const extra = { id: `re_${randomBytes(8).toString("hex")}`, amount: 1, paymentIntent };
    expect(await deliver(refundEvent("refund.created", extra))).toBe("ignored");
    expect((await paymentRow(payment.id)).refundedCents).toBe(payment.amountCents);
    expect(await ledgerOf(payment.id)).toHaveLength(2);
  });

  it("does not book the echo of a refund staff made through the admin", async () => {
    const { payment, reservation, paymentIntent } = await paidStripeBooking("12:00");
    const requestId = randomUUID();
    const response = await bed.admin.post(`/api/admin/reservations/${reservation.id}/refund`, {
      managerPassword: MANAGER_PASSWORD,
      scope: "amount",
      amountCents: 1500,
      requestId,
    });
    expect(response.status).toBe(200);
    const [ours] = await ledgerOf(payment.id);
    const refundId = present(ours?.providerRefundId);
    // The refund we asked Stripe for names its idempotency key, so its events are known as ours.
    const [call] = stripe
      .callsTo("POST", /^\/v1\/refunds$/)
      .filter((c) => c.body.payment_intent === paymentIntent);
    expect(call?.body[`metadata[${OUR_REFUND_KEY}]`]).toBe(ours?.idempotencyKey);

    const echo = {
      id: refundId,
      amount: 1500,
      paymentIntent,
      metadata: { [OUR_REFUND_KEY]: present(ours).idempotencyKey },
    };
    expect(await deliver(refundEvent("refund.created", echo))).toBe("duplicate");
    expect(await deliver(refundEvent("refund.updated", echo))).toBe("duplicate");
    expect(await paymentRow(payment.id)).toMatchObject({ state: "completed", refundedCents: 1500 });
    expect(await ledgerOf(payment.id)).toEqual([expect.objectContaining({ actorUserId: bed.adminId })]);
    expect(await auditOf(payment.id)).toEqual([]);
  });

  it("does not book the echo that arrives while our own refund's transaction is still open", async () => {
    const { payment, reservation, paymentIntent } = await paidStripeBooking("11:00");
    const provider = present(bed.t.deps.payments);
    const refund = provider.refund.bind(provider);
    let echo: Promise<string> | undefined;
    provider.refund = async (input) => {
      const made = await refund(input);
      // Stripe's event can reach us before the refund call has even returned to our transaction.
      echo = deliver(
        refundEvent("refund.created", {
          id: made.refundId,
          amount: input.amountCents,
          paymentIntent,
          metadata: { [OUR_REFUND_KEY]: input.idempotencyKey },
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      return made;
    };
    try {
      const response = await bed.admin.post(`/api/admin/reservations/${reservation.id}/refund`, {
        managerPassword: MANAGER_PASSWORD,
        scope: "amount",
        amountCents: 999,
        requestId: randomUUID(),
      });
      expect(response.status).toBe(200);
    } finally {
      provider.refund = refund;
    }
    expect(await present(echo)).toBe("duplicate");
    expect(await ledgerOf(payment.id)).toEqual([expect.objectContaining({ actorUserId: bed.adminId })]);
    expect((await paymentRow(payment.id)).refundedCents).toBe(999);
  });

  it("books a refund of ours that our own transaction never recorded, once, and our retry adds nothing", async () => {
    const { payment, reservation, paymentIntent } = await paidStripeBooking("14:00");
    const requestId = randomUUID();
    const key = `refund-amount-${payment.id}-${requestId}`;
    const staffRefund = () =>
      bed.admin.post(`/api/admin/reservations/${reservation.id}/refund`, {
        managerPassword: MANAGER_PASSWORD,
        scope: "amount",
        amountCents: 2000,
        requestId,
      });
    // Stripe refunds, then our transaction fails after the call and rolls back: nothing is booked.
    const restore = await failUpdatesOf(bed.t.db, "payments", "23514");
    try {
      expect((await staffRefund()).status).not.toBe(200);
    } finally {
      await restore();
    }
    expect(await ledgerOf(payment.id)).toEqual([]);
    // What Stripe answers for that key (as the SDK's own retry would get it): the refund that exists.
    const made = await fetch(`${stripe.url}/v1/refunds`, {
      method: "POST",
      headers: { "idempotency-key": key, "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    const refundId = ((await made.json()) as { id: string }).id;
    // Stripe's event is then the only record of it, and books it under our key.
    const refund = { id: refundId, amount: 2000, paymentIntent, metadata: { [OUR_REFUND_KEY]: key } };
    expect(await deliver(refundEvent("refund.created", refund))).toBe("refunded");
    expect(await ledgerOf(payment.id)).toEqual([
      expect.objectContaining({ idempotencyKey: key, providerRefundId: refundId, actorUserId: null }),
    ]);
    // The staff's retry of the same dialog finds it done; the money is counted once.
    expect((await staffRefund()).status).toBe(200);
    expect(await ledgerOf(payment.id)).toHaveLength(1);
    expect(await paymentRow(payment.id)).toMatchObject({ state: "completed", refundedCents: 2000 });
  });

  it("the spine books one provider refund id once, whoever books it first", async () => {
    const { payment } = await paidStripeBooking("15:00");
    const refundId = `re_${randomBytes(8).toString("hex")}`;
    const book = () =>
      bed.t.db.transaction(async (tx) => {
        const locked = present(await lockPaymentById(tx, payment.id));
        return recordRefund(tx, locked, {
          amountCents: 700,
          refundId,
          idempotencyKey: "k",
          now: bed.clock.now(),
        });
      });
    expect(await book()).toBe(true);
    expect(await book()).toBe(false);
    expect(await paymentRow(payment.id)).toMatchObject({ refundedCents: 700 });
    expect(await ledgerOf(payment.id)).toHaveLength(1);
  });

  it("the database holds one provider refund id once: a second ledger row is refused, its event books nothing", async () => {
    const first = await paidStripeBooking("09:00");
    const second = await paidStripeBooking("09:30");
    const refundId = `re_${randomBytes(8).toString("hex")}`;
    const refund = { id: refundId, amount: 1100, paymentIntent: first.paymentIntent };
    expect(await deliver(refundEvent("refund.created", refund))).toBe("refunded");

    // Migration 0032: whatever a writer forgot to check, the ledger cannot hold the id twice.
    const row = (paymentId: string) => ({
      paymentId,
      amountCents: 100,
      providerRefundId: refundId,
      idempotencyKey: "k",
    });
    expect(await refusal(bed.t.db.insert(paymentRefunds).values(row(first.payment.id)))).toBe("23505");
    expect(await refusal(bed.t.db.insert(paymentRefunds).values(row(second.payment.id)))).toBe("23505");
    // Refunds without a provider id (the desk's) are not held to it.
    const rolledBack = new Error("rolled back");
    const nulls = bed.t.db.transaction(async (tx) => {
      const desk = { ...row(second.payment.id), providerRefundId: null };
      await tx.insert(paymentRefunds).values([desk, desk]);
      throw rolledBack;
    });
    await expect(nulls).rejects.toBe(rolledBack);

    // An event naming that refund on another payment is answered (no retry), and books nothing.
    const elsewhere = { ...refund, paymentIntent: second.paymentIntent };
    expect(await deliver(refundEvent("refund.updated", elsewhere))).toBe("duplicate");
    expect(await paymentRow(second.payment.id)).toMatchObject({ state: "completed", refundedCents: 0 });
    expect(await ledgerOf(second.payment.id)).toEqual([]);
    expect(await auditOf(second.payment.id)).toEqual([]);
    // The first payment's echo still finds its row: booked once.
    expect(await deliver(refundEvent("refund.updated", refund))).toBe("duplicate");
    expect((await paymentRow(first.payment.id)).refundedCents).toBe(1100);
    expect(await ledgerOf(first.payment.id)).toHaveLength(1);
    expect(await netOfLedger(first.payment.id)).toBe(first.payment.amountCents - 1100);
  });

  it("does not book the echo of our own refund of an extra membership's payment", async () => {
    // An email with a live membership pays a second one: the spine cancels and refunds it
    // (refund-extra-membership.ts), then Stripe's refund events come back naming the payment intent.
    const member = await createMember(bed.t.db, {
      stripeSubscriptionId: `sub_${randomBytes(6).toString("hex")}`,
    });
    const signup = await signupAwaitingPayment(member.email);
    const { payment } = signup;
    const invoiceId = `in_${randomBytes(8).toString("hex")}`;
    const paymentIntent = `pi_${randomBytes(8).toString("hex")}`;
    stripe.invoiceOfPayment.set(paymentIntent, invoiceId);
    const completed = subscriptionCompleted(signup, {
      subscription: `sub_${randomBytes(6).toString("hex")}`,
      invoice: invoiceId,
    });
    expect(await deliver(completed)).toBe("refunded");
    const [ours] = await ledgerOf(payment.id);
    expect(ours).toMatchObject({ amountCents: 7900, idempotencyKey: `refund-${payment.id}` });
    const refundId = present(ours?.providerRefundId);
    const [call] = stripe
      .callsTo("POST", /^\/v1\/refunds$/)
      .filter((c) => c.body.payment_intent === paymentIntent);
    expect(call?.body[`metadata[${OUR_REFUND_KEY}]`]).toBe(`refund-${payment.id}`);
    const before = { payment: await paymentRow(payment.id), ledger: await ledgerOf(payment.id) };
    expect(before.payment).toMatchObject({
      state: "refunded",
      refundedCents: 7900,
      providerPaymentId: invoiceId,
    });

    const lookups = stripe.callsTo("GET", /^\/v1\/invoice_payments$/).length;
    const echo = {
      id: refundId,
      amount: 7900,
      paymentIntent,
      metadata: { [OUR_REFUND_KEY]: `refund-${payment.id}` },
    };
    expect(await deliver(refundEvent("refund.created", echo))).toBe("duplicate");
    expect(await deliver(refundEvent("refund.updated", echo))).toBe("duplicate");
    // Found through its invoice, as a membership payment is, and found booked.
    expect(stripe.callsTo("GET", /^\/v1\/invoice_payments$/).length).toBe(lookups + 2);
    expect(await paymentRow(payment.id)).toEqual(before.payment);
    expect(await ledgerOf(payment.id)).toEqual(before.ledger);
    expect(await netOfLedger(payment.id)).toBe(0);
    expect(await auditOf(payment.id)).toEqual([]);
  });

  it("changes nothing when the same event comes twice, even at the same moment", async () => {
    const { payment, paymentIntent } = await paidStripeBooking("16:00");
    const payload = refundEvent("refund.created", {
      id: `re_${randomBytes(8).toString("hex")}`,
      amount: 2500,
      paymentIntent,
    });
    const outcomes = await Promise.all([deliver(payload), deliver(payload)]);
    expect(outcomes.sort()).toEqual(["duplicate", "refunded"]);
    expect(await deliver(payload)).toBe("duplicate");
    expect(await paymentRow(payment.id)).toMatchObject({ state: "completed", refundedCents: 2500 });
    expect(await ledgerOf(payment.id)).toHaveLength(1);
    expect(await auditOf(payment.id)).toHaveLength(1);
  });

  it("books a dashboard refund of a membership payment, found through the invoice it paid", async () => {
    // A renewal's row, as renewal-payment.ts records it: the invoice, not the payment intent.
    const invoiceId = `in_${randomBytes(8).toString("hex")}`;
    const paymentIntent = `pi_${randomBytes(8).toString("hex")}`;
    const [renewal] = await bed.t.db
      .insert(payments)
      .values({
        provider: "stripe",
        purpose: "membership",
        providerPaymentId: invoiceId,
        amountCents: 4900,
        state: "completed",
        isRenewal: true,
      })
      .returning();
    const payment = present(renewal);
    const refund = { id: `re_${randomBytes(8).toString("hex")}`, amount: 2000, paymentIntent };
    // Until Stripe says which invoice the payment intent paid, the refund is of no payment of ours.
    expect(await deliver(refundEvent("refund.created", refund))).toBe("ignored");
    expect((await paymentRow(payment.id)).refundedCents).toBe(0);

    stripe.invoiceOfPayment.set(paymentIntent, invoiceId);
    expect(await deliver(refundEvent("refund.updated", refund))).toBe("refunded");
    expect(stripe.callsTo("GET", /^\/v1\/invoice_payments$/).length).toBeGreaterThanOrEqual(2);
    expect(await paymentRow(payment.id)).toMatchObject({ state: "completed", refundedCents: 2000 });
    expect(await ledgerOf(payment.id)).toEqual([
      expect.objectContaining({
        amountCents: 2000,
        providerRefundId: refund.id,
        reason: DASHBOARD_REFUND_REASON,
      }),
    ]);
    expect(await netOfLedger(payment.id)).toBe(2900);
    expect(await auditOf(payment.id)).toEqual([
      expect.objectContaining({
        outcome: "success",
        details: expect.objectContaining({ purpose: "membership" }),
      }),
    ]);
    // Its settled update adds nothing.
    expect(await deliver(refundEvent("refund.updated", { ...refund, status: "succeeded" }))).toBe(
      "duplicate",
    );
    expect((await paymentRow(payment.id)).refundedCents).toBe(2000);
  });

  it("ignores a refund of a charge we do not know, and a refund that failed", async () => {
    const before = await bed.t.db
      .select({ refunded: sql<number>`coalesce(sum(${payments.refundedCents}), 0)::int` })
      .from(payments);
    const ledgerBefore = await bed.t.db.select({ id: paymentRefunds.id }).from(paymentRefunds);
    const unknown = refundEvent("refund.created", {
      id: `re_${randomBytes(8).toString("hex")}`,
      amount: 5000,
      paymentIntent: `pi_${randomBytes(8).toString("hex")}`,
    });
    expect(await deliver(unknown)).toBe("ignored");
    const eventId = (JSON.parse(unknown) as { id: string }).id;
    expect(
      await bed.t.db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.eventId, eventId)),
    ).toHaveLength(1);

    const { payment, paymentIntent } = await paidStripeBooking("18:00");
    const failed = {
      id: `re_${randomBytes(8).toString("hex")}`,
      amount: 1000,
      paymentIntent,
      status: "failed",
    };
    expect(await deliver(refundEvent("refund.failed", failed))).toBe("ignored");
    expect(await paymentRow(payment.id)).toMatchObject({ state: "completed", refundedCents: 0 });

    const after = await bed.t.db
      .select({ refunded: sql<number>`coalesce(sum(${payments.refundedCents}), 0)::int` })
      .from(payments);
    expect(after).toEqual(before);
    expect(await bed.t.db.select({ id: paymentRefunds.id }).from(paymentRefunds)).toHaveLength(
      ledgerBefore.length,
    );
  });

  it("books a refund that comes before its checkout's payment is recorded, once Stripe delivers it again", async () => {
    const client = bed.t.client();
    const hold = await createHoldOk(
      client,
      holdBody({ items: [item({ date: DAY, startTime: "17:00", duration: 60 })] }),
    );
    const checkout = await checkoutOk(client, hold);
    const payment = await paymentForSession(bed.t.deps, checkout.sessionId);
    const paymentIntent = `pi_${randomBytes(8).toString("hex")}`;
    stripe.sessionOfPayment.set(paymentIntent, {
      id: checkout.sessionId,
      metadata: { purpose: "reservation", paymentId: payment.id },
    });
    // Refunded in the dashboard, and Stripe's refund event overtakes checkout.session.completed.
    const refund = { id: `re_${randomBytes(8).toString("hex")}`, amount: 1000, paymentIntent };
    const early = refundEvent("refund.created", refund);
    // Nothing recorded, not even the event: Stripe's redelivery is processed afresh.
    await deliverTooEarly(early);
    expect(await ledgerOf(payment.id)).toEqual([]);

    expect(await deliver(completedEvent(payment, { paymentIntent }))).toBe("confirmed");
    expect(await deliver(early)).toBe("refunded");
    expect(await deliver(early)).toBe("duplicate");
    expect(await paymentRow(payment.id)).toMatchObject({ state: "completed", refundedCents: 1000 });
    expect(await ledgerOf(payment.id)).toEqual(onlyDashboardRefund(refund));
    expect(await netOfLedger(payment.id)).toBe(payment.amountCents - 1000);

    // Another product's payment on the same account, through its own checkout: never ours, so
    // answered 200 and recorded, never retried.
    const theirs = `pi_${randomBytes(8).toString("hex")}`;
    stripe.sessionOfPayment.set(theirs, { id: `cs_other_${randomBytes(6).toString("hex")}`, metadata: {} });
    const other = refundEvent("refund.created", {
      id: `re_${randomBytes(8).toString("hex")}`,
      amount: 500,
      paymentIntent: theirs,
    });
    expect(await deliver(other)).toBe("ignored");
    expect(await deliver(other)).toBe("duplicate");
  });

  it("books a signup's payment refunded before its checkout's event, once Stripe delivers the refund again", async () => {
    const signup = await signupAwaitingPayment(`joiner-${randomBytes(4).toString("hex")}@example.test`);
    const { payment } = signup;
    const subscription = `sub_${randomBytes(6).toString("hex")}`;
    // A subscription checkout names no payment intent: only its first invoice leads back to us,
    // through the metadata our checkout gave the subscription.
    const { invoiceId, paymentIntent } = subscriptionInvoice(subscription, "subscription_create", {
      purpose: "membership",
      paymentId: payment.id,
    });
    const invoiceLookups = () => stripe.callsTo("GET", /^\/v1\/invoices\//).length;
    const lookups = invoiceLookups();
    const refund = { id: `re_${randomBytes(8).toString("hex")}`, amount: 7900, paymentIntent };
    const early = refundEvent("refund.created", refund);
    await deliverTooEarly(early);
    expect(await paymentRow(payment.id)).toMatchObject({ state: "created", refundedCents: 0 });
    expect(await ledgerOf(payment.id)).toEqual([]);

    expect(await deliver(subscriptionCompleted(signup, { subscription, invoice: invoiceId }))).toBe(
      "confirmed",
    );
    expect(await deliver(early)).toBe("refunded");
    expect(await deliver(early)).toBe("duplicate");
    expect(await paymentRow(payment.id)).toMatchObject({
      state: "refunded",
      refundedCents: 7900,
      providerPaymentId: invoiceId,
    });
    expect(await ledgerOf(payment.id)).toEqual(onlyDashboardRefund(refund));
    expect(await netOfLedger(payment.id)).toBe(0);
    // The invoice was fetched once: only while no row held it.
    expect(invoiceLookups()).toBe(lookups + 1);
  });

  it("books a renewal refunded before its invoice.paid, once Stripe delivers the refund again", async () => {
    const subscription = `sub_${randomBytes(6).toString("hex")}`;
    await createMember(bed.t.db, { stripeSubscriptionId: subscription });
    const { invoiceId, paymentIntent } = subscriptionInvoice(subscription, "subscription_cycle", {
      purpose: "membership",
      paymentId: randomUUID(),
    });
    const refund = { id: `re_${randomBytes(8).toString("hex")}`, amount: 1500, paymentIntent };
    const early = refundEvent("refund.created", refund);
    await deliverTooEarly(early);
    const renewalOf = () => bed.t.db.select().from(payments).where(eq(payments.providerPaymentId, invoiceId));
    expect(await renewalOf()).toEqual([]);

    expect(await deliver(renewalPaid(invoiceId, subscription, 7900))).toBe("updated");
    expect(await deliver(early)).toBe("refunded");
    expect(await deliver(early)).toBe("duplicate");
    const [renewal] = await renewalOf();
    expect(renewal).toMatchObject({ isRenewal: true, state: "completed", refundedCents: 1500 });
    const renewalId = present(renewal).id;
    expect(await ledgerOf(renewalId)).toEqual(onlyDashboardRefund(refund));
    expect(await netOfLedger(renewalId)).toBe(7900 - 1500);
  });

  it("ignores a refund of another product's subscription invoice: answered, never retried", async () => {
    const reasons = ["subscription_cycle", "subscription_create"] as const;
    const refunds = reasons.map((billingReason) => {
      // A subscription no member holds, whose metadata names no payment of ours.
      const { paymentIntent } = subscriptionInvoice(
        `sub_other_${randomBytes(6).toString("hex")}`,
        billingReason,
        { product: "newsletter" },
      );
      return refundEvent("refund.created", {
        id: `re_${randomBytes(8).toString("hex")}`,
        amount: 900,
        paymentIntent,
      });
    });
    for (const refund of refunds) {
      expect(await deliver(refund)).toBe("ignored");
      expect(await deliver(refund)).toBe("duplicate");
    }
  });

  it("tells staff when a refund it booked later fails at Stripe", async () => {
    const { payment, paymentIntent } = await paidStripeBooking("19:30");
    const refund = {
      id: `re_${randomBytes(8).toString("hex")}`,
      amount: 3000,
      paymentIntent,
      status: "pending",
    };
    expect(await deliver(refundEvent("refund.created", refund))).toBe("refunded");
    expect(await deliver(refundEvent("refund.failed", { ...refund, status: "failed" }))).toBe("ignored");
    expect(await auditOf(payment.id)).toEqual([
      expect.objectContaining({ outcome: "success" }),
      expect.objectContaining({
        outcome: "error",
        details: expect.objectContaining({ refundId: refund.id, status: "failed" }),
      }),
    ]);
  });

  it("refuses an unsigned or wrongly signed refund event and changes nothing", async () => {
    const { payment, paymentIntent } = await paidStripeBooking("13:00");
    const payload = refundEvent("refund.created", {
      id: "re_forged",
      amount: payment.amountCents,
      paymentIntent,
    });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_other" });
    expect((await postWebhook(bed.t.request, payload, forged)).status).toBe(400);
    expect(await paymentRow(payment.id)).toMatchObject({ state: "completed", refundedCents: 0 });
    expect(await ledgerOf(payment.id)).toEqual([]);
  });
});
