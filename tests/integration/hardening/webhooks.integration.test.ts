import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  couponCodes,
  payments,
  processedWebhookEvents,
  reservations,
  users,
} from "../../../src/server/db/schema";
import { present } from "../../../src/server/lib/present";
import {
  checkoutOk,
  createHoldOk,
  HOLD_MS,
  holdBody,
  item,
  NOW,
  paymentForSession,
  postWebhook,
  signForTestProvider,
  startFakeStripe,
} from "../kits/booking-test-kit";
import { createTestApp, errorOf, queryRows, type TestApp, testClock } from "../kits/harness";
import {
  eventPayload,
  sessionIdOf,
  signupBody,
  startFakeStripe as startFakeStripeBilling,
  subscriptionObject,
} from "../kits/membership-test-kit";
import {
  bookingSnapshot,
  failUpdatesOf,
  reserialised,
  sessionEvent,
  stripeSignature,
} from "../kits/webhook-kit";

// The payment webhook's proof list (issue 7): POST /api/webhooks/stripe with Stripe configured the
// way production configures it (STRIPE_* settings, the SDK pointed at a fake Stripe on loopback),
// and the built-in test checkout's signer on the same endpoint. Signatures are made by the SDK's
// own test-header helper.

const WEBHOOK_SECRET = "whsec_hardening_webhooks";
const TOLERANCE_MS = 5 * 60_000;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL?.trim());

const clock = testClock(NOW);
let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
/** Stripe, configured by settings. */
let t: TestApp;
/** The built-in test checkout (no Stripe keys). */
let tp: TestApp;

beforeAll(async () => {
  stripe = await startFakeStripe();
  [t, tp] = await Promise.all([
    createTestApp({
      now: clock.now,
      env: {
        STRIPE_SECRET_KEY: "sk_test_fake",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.url,
      },
    }),
    createTestApp({ now: clock.now }),
  ]);
  expect(t.deps.payments?.name).toBe("stripe");
  expect(tp.deps.payments?.name).toBe("test");
  for (const app of [t, tp]) {
    await app.seedFacilities();
    await app.db.insert(couponCodes).values({
      code: "HARDEN10",
      type: "percentage",
      value: "10",
      startDate: "2026-11-01",
      endDate: "2026-12-31",
    });
  }
});
afterAll(async () => {
  await Promise.all([t?.close(), tp?.close()]);
  await stripe?.close();
});

const signStripe = (payload: string, at: Date = clock.now()) => stripeSignature(payload, WEBHOOK_SECRET, at);

/** A guest's hold for one slot, taken to checkout: the payment row waits for the webhook. */
async function bookAndCheckout(
  app: TestApp,
  email: string,
  slot: { date: string; startTime: string },
  couponCode?: string,
) {
  const client = app.client();
  const hold = await createHoldOk(
    client,
    holdBody({
      customer: { ...holdBody().customer, email },
      items: [item(slot)],
      ...(couponCode ? { couponCode } : {}),
    }),
  );
  const checkout = await checkoutOk(client, hold);
  const payment = await paymentForSession(app.deps, checkout.sessionId);
  const snapshot = () => bookingSnapshot(app.db, hold.holdId, email);
  return { hold, checkout, payment, email, snapshot };
}

async function outcomeOf(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  return ((await response.json()) as { received: boolean; outcome: string }).outcome;
}

const providers = [
  {
    name: "Stripe",
    app: () => t,
    sign: (payload: string, at: Date) => signStripe(payload, at),
    otherSecret: "whsec_someone_else",
  },
  {
    name: "the test checkout",
    app: () => tp,
    sign: (payload: string, at: Date) => signForTestProvider(tp.deps, payload, at),
    otherSecret: WEBHOOK_SECRET,
  },
];

describe.each(providers)("the webhook signature ($name)", ({ name, app, sign, otherSecret }) => {
  const slug = name === "Stripe" ? "stripe" : "testpay";

  it("a bad signature is a 400 and changes nothing", async () => {
    const a = app();
    const booking = await bookAndCheckout(a, `forged-${slug}@example.test`, {
      date: "2026-11-23",
      startTime: "10:00",
    });
    const payload = sessionEvent(booking.payment, "checkout.session.completed");
    const before = await booking.snapshot();
    const now = clock.now();
    const bad: Array<[string, string | null]> = [
      ["signed with another secret", stripeSignature(payload, otherSecret, now)],
      ["made up", `t=${Math.floor(now.getTime() / 1000)},v1=${"ab".repeat(32)}`],
      ["signature of another body", sign(payload.replace('"livemode":false', '"livemode":true'), now)],
      [
        "timestamp changed after signing",
        sign(payload, now).replace(/^t=\d+/, `t=${Math.floor(now.getTime() / 1000) - 1}`),
      ],
      ["no v1 scheme", `t=${Math.floor(now.getTime() / 1000)}`],
      ["not a signature header at all", "garbage"],
      ["missing", null],
    ];
    for (const [label, signature] of bad) {
      const response = await a.request("/api/webhooks/stripe", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(signature === null ? {} : { "stripe-signature": signature }),
        },
        body: payload,
      });
      expect(response.status, label).toBe(400);
      expect((await errorOf(response)).code, label).toBe("VALIDATION");
    }
    expect(await booking.snapshot()).toEqual(before);
    expect(before.payments.map((p) => p.state)).toEqual(["created"]);
  });

  it("a timestamp outside the 5-minute tolerance is a 400; inside it, the same event is accepted", async () => {
    const a = app();
    const booking = await bookAndCheckout(a, `stale-${slug}@example.test`, {
      date: "2026-11-23",
      startTime: "11:00",
    });
    const payload = sessionEvent(booking.payment, "checkout.session.completed");
    const before = await booking.snapshot();
    const stale = await postWebhook(
      a.request,
      payload,
      sign(payload, new Date(clock.now().getTime() - TOLERANCE_MS - 60_000)),
    );
    expect(stale.status).toBe(400);
    expect((await errorOf(stale)).message).toBe("Invalid webhook signature");
    const replayedAnHourLater = await postWebhook(
      a.request,
      payload,
      sign(payload, new Date(clock.now().getTime() - 3600_000)),
    );
    expect(replayedAnHourLater.status).toBe(400);
    expect(await booking.snapshot()).toEqual(before);

    const fresh = await postWebhook(
      a.request,
      payload,
      sign(payload, new Date(clock.now().getTime() - TOLERANCE_MS + 60_000)),
    );
    expect(await outcomeOf(fresh)).toBe("confirmed");
  });

  it("a body re-serialised after signing (same JSON, other bytes) is a 400; the signed bytes are accepted", async () => {
    const a = app();
    const booking = await bookAndCheckout(a, `reserialised-${slug}@example.test`, {
      date: "2026-11-23",
      startTime: "12:00",
    });
    const payload = sessionEvent(booking.payment, "checkout.session.completed");
    const signature = sign(payload, clock.now());
    const before = await booking.snapshot();
    for (const how of ["whitespace", "key-order"] as const) {
      const body = reserialised(payload, how);
      expect(body).not.toBe(payload);
      expect(JSON.parse(body)).toEqual(JSON.parse(payload));
      const response = await postWebhook(a.request, body, signature);
      expect(response.status, how).toBe(400);
    }
    // A trailing newline is a different body too.
    expect((await postWebhook(a.request, `${payload}\n`, signature)).status).toBe(400);
    expect(await booking.snapshot()).toEqual(before);

    expect(await outcomeOf(await postWebhook(a.request, payload, signature))).toBe("confirmed");
  });
});

describe("an unknown checkout session", () => {
  it("is acknowledged (200 'ignored', then 'duplicate' on redelivery) and changes nothing", async () => {
    const booking = await bookAndCheckout(t, "bystander@example.test", {
      date: "2026-11-24",
      startTime: "10:00",
    });
    const before = await booking.snapshot();
    const [paymentsBefore] = await t.db.select({ n: count() }).from(payments);
    const [reservationsBefore] = await t.db.select({ n: count() }).from(reservations);

    const unknown = {
      ...booking.payment,
      id: crypto.randomUUID(),
      providerSessionId: "cs_test_never_created",
    };
    const cases = {
      // Our metadata, but a payment id we never issued.
      completed: sessionEvent(unknown, "checkout.session.completed"),
      expired: sessionEvent(unknown, "checkout.session.expired"),
      // Someone else's session on the same Stripe account (no metadata of ours).
      foreign: JSON.stringify({
        ...JSON.parse(sessionEvent(unknown, "checkout.session.completed")),
        data: {
          object: {
            id: "cs_test_foreign",
            object: "checkout.session",
            mode: "payment",
            payment_status: "paid",
          },
        },
      }),
      // An unknown session whose metadata names a real payment that already has its own session:
      // it must not take that payment over.
      hijack: sessionEvent(booking.payment, "checkout.session.completed", { sessionId: "cs_test_imposter" }),
    };
    // What the first delivery and each redelivery answer. Events for our sessions are recorded
    // (a redelivery is a "duplicate"); a foreign session is not ours to record.
    const expected: Record<keyof typeof cases, [string, string]> = {
      completed: ["ignored", "duplicate"],
      expired: ["ignored", "duplicate"],
      foreign: ["ignored", "ignored"],
      hijack: ["ignored", "duplicate"],
    };
    for (const [label, payload] of Object.entries(cases)) {
      const [first, again] = expected[label as keyof typeof cases];
      // Stripe retries a non-2xx for days; a session we will never know must be answered 2xx.
      expect(await outcomeOf(await postWebhook(t.request, payload, signStripe(payload))), label).toBe(first);
      for (let retry = 0; retry < 2; retry++) {
        const response = await postWebhook(t.request, payload, signStripe(payload));
        expect(await outcomeOf(response), label).toBe(again);
      }
    }
    // A fresh event id for the same unknown session (a new attempt) is ignored again, not a 5xx.
    const retried = sessionEvent(unknown, "checkout.session.completed");
    expect(await outcomeOf(await postWebhook(t.request, retried, signStripe(retried)))).toBe("ignored");

    const after = await booking.snapshot();
    expect(after).toEqual({ ...before, processedEvents: before.processedEvents + 4 });
    const [paymentsAfter] = await t.db.select({ n: count() }).from(payments);
    const [reservationsAfter] = await t.db.select({ n: count() }).from(reservations);
    expect(paymentsAfter?.n).toBe(paymentsBefore?.n);
    expect(reservationsAfter?.n).toBe(reservationsBefore?.n);
    const [row] = await t.db.select().from(payments).where(eq(payments.id, booking.payment.id));
    expect(row?.providerSessionId).toBe(booking.checkout.sessionId);

    // The real session still confirms afterwards.
    const real = sessionEvent(booking.payment, "checkout.session.completed");
    expect(await outcomeOf(await postWebhook(t.request, real, signStripe(real)))).toBe("confirmed");
  });

  it("whose id was never stored (the server stopped first) is found by our payment id, stored and paid once", async () => {
    const booking = await bookAndCheckout(t, "lost-session@example.test", {
      date: "2026-11-24",
      startTime: "13:00",
    });
    await t.db.update(payments).set({ providerSessionId: null }).where(eq(payments.id, booking.payment.id));
    const paid = sessionEvent(booking.payment, "checkout.session.completed");
    expect(await outcomeOf(await postWebhook(t.request, paid, signStripe(paid)))).toBe("confirmed");
    const [row] = await t.db.select().from(payments).where(eq(payments.id, booking.payment.id));
    expect(row).toMatchObject({ providerSessionId: booking.checkout.sessionId, state: "completed" });
    expect(await outcomeOf(await postWebhook(t.request, paid, signStripe(paid)))).toBe("duplicate");
  });
});

describe("duplicate delivery", () => {
  it("the same event delivered again and again (in turn and at once) fulfils exactly once", async () => {
    const booking = await bookAndCheckout(
      t,
      "twice@example.test",
      { date: "2026-11-24", startTime: "12:00" },
      "HARDEN10",
    );
    const [couponBefore] = await t.db.select().from(couponCodes).where(eq(couponCodes.code, "HARDEN10"));
    const payload = sessionEvent(booking.payment, "checkout.session.completed", {
      eventId: "evt_hardening_dup",
      paymentIntent: "pi_hardening_dup",
    });
    // Stripe re-signs each delivery attempt; some arrive with the same header, some with a new one.
    const outcomes: string[] = [];
    outcomes.push(await outcomeOf(await postWebhook(t.request, payload, signStripe(payload))));
    outcomes.push(await outcomeOf(await postWebhook(t.request, payload, signStripe(payload))));
    const signature = signStripe(payload);
    const concurrent = await Promise.all(
      Array.from({ length: 6 }, () => postWebhook(t.request, payload, signature)),
    );
    for (const response of concurrent) outcomes.push(await outcomeOf(response));
    expect(outcomes).toEqual(["confirmed", ...Array(7).fill("duplicate")]);

    // The same payment reported again under other event ids changes nothing either.
    for (const type of ["checkout.session.completed", "checkout.session.async_payment_succeeded"]) {
      const other = JSON.stringify({
        ...JSON.parse(payload),
        id: `evt_hardening_dup_${type.split(".").pop()}`,
        type,
      });
      expect(await outcomeOf(await postWebhook(t.request, other, signStripe(other)))).toBe("duplicate");
    }

    const after = await booking.snapshot();
    expect(after.reservations.map((r) => [r.status, r.paymentStatus, r.paymentId])).toEqual([
      ["confirmed", "paid", booking.payment.id],
    ]);
    expect(after.payments).toEqual([
      expect.objectContaining({
        state: "completed",
        providerPaymentId: "pi_hardening_dup",
        refundedCents: 0,
      }),
    ]);
    expect(after.emails).toEqual(["Your booking at Backspin Social is confirmed"]);
    expect(after.couponUses).toBe((couponBefore?.currentUses ?? 0) + 1);
    const [recorded] = await t.db
      .select({ n: count() })
      .from(processedWebhookEvents)
      .where(eq(processedWebhookEvents.eventId, "evt_hardening_dup"));
    expect(recorded?.n).toBe(1);
    expect(stripe.callsTo("POST", /^\/v1\/refunds$/)).toHaveLength(0);
  });
});

describe("out-of-order delivery", () => {
  it("checkout.session.expired arriving after completed leaves the booking confirmed", async () => {
    const booking = await bookAndCheckout(t, "expired-late@example.test", {
      date: "2026-11-25",
      startTime: "10:00",
    });
    const sent = clock.now();
    const completed = sessionEvent(booking.payment, "checkout.session.completed", { created: sent });
    // Stripe's "expired" for the session, created before the payment but delivered after it, and
    // after the hold's 15 minutes are up.
    const expired = sessionEvent(booking.payment, "checkout.session.expired", { created: sent });
    expect(await outcomeOf(await postWebhook(t.request, completed, signStripe(completed)))).toBe("confirmed");
    clock.advance(HOLD_MS + 60_000);
    try {
      expect(await outcomeOf(await postWebhook(t.request, expired, signStripe(expired)))).toBe("expired");
      const after = await booking.snapshot();
      expect(after.hold?.status).toBe("paid");
      expect(after.reservations.map((r) => r.status)).toEqual(["confirmed"]);
      expect(after.payments.map((p) => p.state)).toEqual(["completed"]);
      expect(after.emails).toEqual(["Your booking at Backspin Social is confirmed"]);
    } finally {
      clock.set(NOW);
    }
  });

  it("completed arriving after expired (the hold ended meanwhile) confirms when the slot is still free, once", async () => {
    const booking = await bookAndCheckout(t, "completed-late@example.test", {
      date: "2026-11-25",
      startTime: "12:00",
    });
    const completed = sessionEvent(booking.payment, "checkout.session.completed", {
      paymentIntent: "pi_late_ok",
    });
    const expired = sessionEvent(booking.payment, "checkout.session.expired");
    clock.advance(HOLD_MS + 60_000);
    try {
      expect(await outcomeOf(await postWebhook(t.request, expired, signStripe(expired)))).toBe("expired");
      const ended = await booking.snapshot();
      expect(ended.hold?.status).toBe("expired");
      expect(ended.reservations.map((r) => [r.status, r.cancelReason])).toEqual([
        ["cancelled", "hold_expired"],
      ]);
      expect(ended.payments.map((p) => p.state)).toEqual(["expired"]);

      expect(await outcomeOf(await postWebhook(t.request, completed, signStripe(completed)))).toBe(
        "confirmed",
      );
      // Both redelivered, in the wrong order again.
      expect(await outcomeOf(await postWebhook(t.request, expired, signStripe(expired)))).toBe("duplicate");
      expect(await outcomeOf(await postWebhook(t.request, completed, signStripe(completed)))).toBe(
        "duplicate",
      );

      const after = await booking.snapshot();
      expect(after.hold?.status).toBe("paid");
      expect(after.reservations.map((r) => [r.status, r.paymentStatus, r.cancelReason])).toEqual([
        ["confirmed", "paid", null],
      ]);
      expect(after.payments).toEqual([
        expect.objectContaining({ state: "completed", providerPaymentId: "pi_late_ok", refundedCents: 0 }),
      ]);
      expect(after.emails).toEqual(["Your booking at Backspin Social is confirmed"]);
    } finally {
      clock.set(NOW);
    }
  });

  it("subscription events arriving before the membership checkout completed: the member ends up as Stripe says", async () => {
    // Its own app, configured with the membership prices and a fake Stripe that keeps subscriptions.
    const billing = await startFakeStripeBilling();
    const m = await createTestApp({
      now: clock.now,
      env: {
        STRIPE_SECRET_KEY: "sk_test_fake",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: billing.url,
        STRIPE_PRICE_MONTHLY: "price_monthly",
        STRIPE_PRICE_ANNUAL: "price_annual",
      },
    });
    try {
      const periodEnd = new Date("2026-12-18T15:00:00Z");
      const startSignup = async (subscriptionId: string) => {
        const body = signupBody();
        const response = await m.client().post("/api/membership/checkout", body);
        expect(response.status).toBe(200);
        const { url } = (await response.json()) as { url: string };
        const call = present(billing.calls.filter((c) => c.path === "/v1/checkout/sessions").at(-1));
        const form = Object.fromEntries(new URLSearchParams(call.raw));
        const completed = eventPayload("checkout.session.completed", {
          id: sessionIdOf(url),
          object: "checkout.session",
          mode: "subscription",
          status: "complete",
          payment_status: "paid",
          customer: `cus_${subscriptionId}`,
          subscription: subscriptionId,
          metadata: {
            purpose: "membership",
            signupId: form["metadata[signupId]"],
            paymentId: form["metadata[paymentId]"],
          },
        });
        return { email: body.email, completed };
      };
      const send = async (payload: string) =>
        outcomeOf(await postWebhook(m.request, payload, signStripe(payload)));
      const member = async (email: string) =>
        (await m.db.select().from(users).where(eq(users.email, email)))[0];

      // Cancelled at period end right away: customer.subscription.updated overtakes the checkout.
      const cancelling = await startSignup("sub_ooo_cancel");
      const cancelled = subscriptionObject("sub_ooo_cancel", {
        periodEnd,
        cancelAt: periodEnd,
        customer: "cus_sub_ooo_cancel",
      });
      billing.setSubscription("sub_ooo_cancel", cancelled);
      const updated = eventPayload("customer.subscription.updated", cancelled);
      const created = eventPayload(
        "customer.subscription.created",
        subscriptionObject("sub_ooo_cancel", { periodEnd, customer: "cus_sub_ooo_cancel" }),
      );
      expect(await send(updated)).toBe("ignored");
      expect(await member(cancelling.email)).toBeUndefined();
      expect(await send(cancelling.completed)).toBe("confirmed");
      expect(await send(created)).toBe("ignored");
      expect(await send(updated)).toBe("duplicate");
      expect(await member(cancelling.email)).toMatchObject({
        isMember: true,
        stripeSubscriptionId: "sub_ooo_cancel",
        nextBillingDate: periodEnd,
        cancelAt: periodEnd,
      });

      // Ended before the checkout's event arrived: customer.subscription.deleted first.
      const ending = await startSignup("sub_ooo_gone");
      const gone = subscriptionObject("sub_ooo_gone", {
        periodEnd,
        status: "canceled",
        customer: "cus_sub_ooo_gone",
      });
      billing.setSubscription("sub_ooo_gone", gone);
      expect(await send(eventPayload("customer.subscription.deleted", gone))).toBe("ignored");
      expect(await send(ending.completed)).toBe("confirmed");
      expect(await send(ending.completed)).toBe("duplicate");
      expect(await member(ending.email)).toMatchObject({
        isMember: false,
        stripeSubscriptionId: "sub_ooo_gone",
      });
    } finally {
      await m.close();
      await billing.close();
    }
  });
});

describe("a transient database error during fulfilment", () => {
  it("answers non-2xx (so Stripe retries), keeps nothing, and the redelivery fulfils exactly once", async () => {
    const booking = await bookAndCheckout(
      t,
      "transient@example.test",
      { date: "2026-11-26", startTime: "10:00" },
      "HARDEN10",
    );
    const payload = sessionEvent(booking.payment, "checkout.session.completed", {
      eventId: "evt_hardening_transient",
    });
    const before = await booking.snapshot();

    // The database refuses the reservations' update, late in the transaction: after the event was
    // recorded and the payment marked completed, before the email is queued.
    const heal = await failUpdatesOf(t.db, "reservations");
    let healed = false;
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        const failed = await postWebhook(t.request, payload, signStripe(payload));
        expect(failed.status).toBeGreaterThanOrEqual(500);
        expect((await errorOf(failed)).code).toBe("INTERNAL");
      }
      // Rolled back whole: in particular the event id is not recorded, or the retry would be a "duplicate".
      expect(await booking.snapshot()).toEqual(before);
      await heal();
      healed = true;
    } finally {
      if (!healed) await heal();
    }

    clock.advance(60_000); // Stripe's retry, a little later, signed anew
    try {
      expect(await outcomeOf(await postWebhook(t.request, payload, signStripe(payload)))).toBe("confirmed");
      expect(await outcomeOf(await postWebhook(t.request, payload, signStripe(payload)))).toBe("duplicate");
    } finally {
      clock.set(NOW);
    }
    const after = await booking.snapshot();
    expect(after.reservations.map((r) => r.status)).toEqual(["confirmed"]);
    expect(after.payments.map((p) => p.state)).toEqual(["completed"]);
    expect(after.emails).toEqual(["Your booking at Backspin Social is confirmed"]);
    expect(after.couponUses).toBe((before.couponUses ?? 0) + 1);
    expect(after.processedEvents).toBe(before.processedEvents + 1);
  });

  // PostgreSQL only: PGlite is in-process, there is no backend to terminate (the trigger fault
  // above covers the same promise on both databases).
  it.skipIf(!onPostgres)(
    "a connection killed mid-fulfilment (pg_terminate_backend) is a non-2xx, and the redelivery fulfils exactly once",
    async () => {
      const booking = await bookAndCheckout(t, "terminated@example.test", {
        date: "2026-11-26",
        startTime: "12:00",
      });
      const payload = sessionEvent(booking.payment, "checkout.session.completed", {
        eventId: "evt_hardening_killed",
      });
      const before = await booking.snapshot();

      // Another session holds the payment row, so the webhook's transaction waits on it (after it
      // recorded the event); then the server ends the webhook's backend, as a restart or an
      // administrator would.
      let answer: Response | undefined;
      await t.db.transaction(async (locker) => {
        await locker.select().from(payments).where(eq(payments.id, booking.payment.id)).for("update");
        const pending = Promise.resolve(postWebhook(t.request, payload, signStripe(payload)));
        const deadline = Date.now() + 10_000;
        let terminated = 0;
        while (terminated === 0) {
          if (Date.now() > deadline) throw new Error("the webhook never waited on the payment row");
          const rows = await queryRows<{ terminated: boolean }>(
            t.db,
            sql`select pg_terminate_backend(pid) as terminated from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
          );
          terminated = rows.filter((r) => r.terminated).length;
          if (terminated === 0) await new Promise((resolve) => setTimeout(resolve, 20));
        }
        answer = await pending;
      });
      expect(present(answer).status).toBeGreaterThanOrEqual(500);
      expect(await booking.snapshot()).toEqual(before);

      // The app carries on without a restart, and Stripe's retry fulfils once.
      expect((await t.request("/api/health")).status).toBe(200);
      expect(await outcomeOf(await postWebhook(t.request, payload, signStripe(payload)))).toBe("confirmed");
      expect(await outcomeOf(await postWebhook(t.request, payload, signStripe(payload)))).toBe("duplicate");
      const after = await booking.snapshot();
      expect(after.reservations.map((r) => r.status)).toEqual(["confirmed"]);
      expect(after.payments.map((p) => p.state)).toEqual(["completed"]);
      expect(after.emails).toEqual(["Your booking at Backspin Social is confirmed"]);
    },
  );
});
