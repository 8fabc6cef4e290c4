import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkoutOk,
  insertEvent,
  NOW,
  paymentOf,
  payOnTestCheckout,
  registerOk,
  registrationBody,
  registrationRow,
} from "../../../tests/integration/kits/events-test-kit";
import { createTestApp, errorOf, type TestApp, testClock } from "../../../tests/integration/kits/harness";
import type { RegistrationResponse } from "../../contracts/events";
import { eventRegistrations } from "../db/schema";
import { present } from "../lib/present";

// DECISIONS.md: event capacity holds under concurrent requests. Real concurrency needs the
// PostgreSQL server (TEST_DATABASE_URL); on the embedded database the same requests run one by one.

const clock = testClock(NOW);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await t.seedFacilities();
});
afterAll(() => t?.close());

const confirmedCount = async (eventId: string) =>
  (
    await t.db
      .select()
      .from(eventRegistrations)
      .where(
        and(
          eq(eventRegistrations.eventId, eventId),
          eq(eventRegistrations.status, "confirmed"),
          eq(eventRegistrations.paymentStatus, "paid"),
        ),
      )
  ).length;

/** An event of `max` places with all but `left` already taken by confirmed registrations. */
async function eventWithPlacesLeft(max: number, left: number, prices: { member: number; nonMember: number }) {
  const event = await insertEvent(t, {
    maxParticipants: max,
    memberPriceCents: prices.member,
    nonMemberPriceCents: prices.nonMember,
  });
  if (max - left > 0) {
    await t.db.insert(eventRegistrations).values(
      Array.from({ length: max - left }, (_, i) => ({
        eventId: event.id,
        customerName: `Taken ${i}`,
        customerEmail: `taken${i}@example.test`,
        status: "confirmed",
        paymentStatus: "paid",
      })),
    );
  }
  return event;
}

const thirtyAtOnce = (eventId: string) =>
  Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      t
        .client({ ip: `10.0.0.${i + 1}` })
        .post(
          `/api/events/${eventId}/registrations`,
          registrationBody({ customerEmail: `rush${i}@example.test` }),
        ),
    ),
  );

describe("capacity under 30 concurrent registrations for the last 2 places", () => {
  it("free event: exactly 2 are confirmed, 28 are told it is full", async () => {
    const event = await eventWithPlacesLeft(10, 2, { member: 0, nonMember: 0 });
    const responses = await thirtyAtOnce(event.id);
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(28);
    const refused = present(responses.find((r) => r.status === 409));
    expect((await errorOf(refused)).message).toBe("Sorry, this event is full");
    expect(await confirmedCount(event.id)).toBe(10);
  });

  it("paid event: 2 holds, 28 refused; both pay and the event ends exactly full", async () => {
    const event = await eventWithPlacesLeft(10, 2, { member: 1000, nonMember: 1500 });
    const responses = await thirtyAtOnce(event.id);
    const ok = responses.filter((r) => r.status === 201);
    expect(ok).toHaveLength(2);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(28);
    const held = (await Promise.all(ok.map((r) => r.json()))) as RegistrationResponse[];
    const client = t.client();
    const checkouts = await Promise.all(held.map((r) => checkoutOk(client, r)));
    const paid = await Promise.all(checkouts.map((c) => payOnTestCheckout(t, c.url)));
    expect(paid.map((p) => p.status)).toEqual([303, 303]);
    expect(await confirmedCount(event.id)).toBe(10);
    // Now the event is full for good.
    const late = await t.client().post(`/api/events/${event.id}/registrations`, registrationBody());
    expect(late.status).toBe(409);
  });

  it("30 payments racing for the last place after their holds ended: one is confirmed, the rest refunded and told", async () => {
    const event = await eventWithPlacesLeft(5, 1, { member: 1000, nonMember: 1500 });
    // Thirty people start checkouts one after another, each after the previous hold ended.
    const started: Array<{ reg: RegistrationResponse; url: string; sessionId: string; email: string }> = [];
    for (let i = 0; i < 30; i++) {
      const email = `late${i}@example.test`;
      const client = t.client();
      const reg = await registerOk(client, event.id, registrationBody({ customerEmail: email }));
      const checkout = await checkoutOk(client, reg);
      started.push({ reg, url: checkout.url, sessionId: checkout.sessionId, email });
      clock.advance(15 * 60_000 + 1000);
    }
    clock.set(NOW);
    // Their payments all land at once (the sessions are still open at the provider).
    const { payments } = await import("../db/schema");
    await t.db.update(payments).set({ expiresAt: null }).where(eq(payments.purpose, "event_registration"));
    const results = await Promise.all(started.map((s) => payOnTestCheckout(t, s.url)));
    expect(results.every((r) => r.status === 303)).toBe(true);
    expect(await confirmedCount(event.id)).toBe(5);

    const states = await Promise.all(started.map((s) => paymentOf(t, s.sessionId)));
    expect(states.filter((p) => p.state === "completed")).toHaveLength(1);
    const refunded = states.filter((p) => p.state === "refunded");
    expect(refunded).toHaveLength(29);
    for (const p of refunded) expect(p.providerRefundId).toMatch(/^re_test_/);
    for (const s of started) {
      const row = await registrationRow(t, s.reg.registrationId);
      const emails = await t.emailsTo(s.email);
      if (row.status === "confirmed") {
        expect(emails.map((e) => e.subject)).toEqual([`You're registered: ${event.name}`]);
      } else {
        expect(row.status).toBe("cancelled");
        expect(emails.map((e) => e.subject)).toEqual(["Your payment to Backspin Social has been refunded"]);
        expect(present(emails[0]).textBody).toContain("reached us after the last place had been taken");
      }
    }
  });
});
