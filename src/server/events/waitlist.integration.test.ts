import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  insertEvent,
  NOW,
  registerOk,
  registrationBody,
} from "../../../tests/integration/kits/events-test-kit";
import {
  createTestApp,
  errorOf,
  type TestApp,
  type TestClient,
  testClock,
} from "../../../tests/integration/kits/harness";
import type { EventDetailResponse, RegistrationResponse } from "../../contracts/events";
import type {
  AdminWaitlistResponse,
  JoinWaitlistResponse,
  WaitlistEntryResponse,
} from "../../contracts/waitlist";
import { WAITLIST_JOIN_LIMIT } from "../../domain/waitlist";
import { auditLog, emailOutbox, eventRegistrations, eventWaitlist } from "../db/schema";
import { present } from "../lib/present";
import { sweepEventWaitlists } from "./sweep-event-waitlists";

// Issue 15 §1 and §4 with the clock injected: the offer chain, many places freed at once, and the
// sweeper of abandoned pending registrations. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.

const HOUR = 3_600_000;
const clock = testClock(NOW);
let t: TestApp;
let admin: TestClient;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await t.seedFacilities();
  const adminUser = await t.createAdmin();
  adminId = adminUser.id;
  admin = await t.signIn(adminUser.email, adminUser.password);
});
afterAll(() => t?.close());

let emailSeq = 0;
const nextEmail = (name: string) => `${name}-${++emailSeq}@example.test`;

/** An event with `max` places, all taken by confirmed registrations. */
async function fullEvent(max: number, prices = { member: 0, nonMember: 0 }) {
  const event = await insertEvent(t, {
    maxParticipants: max,
    memberPriceCents: prices.member,
    nonMemberPriceCents: prices.nonMember,
  });
  const taken = await t.db
    .insert(eventRegistrations)
    .values(
      Array.from({ length: max }, (_, i) => ({
        eventId: event.id,
        customerName: `Taken ${i}`,
        customerEmail: `taken${i}@example.test`,
        status: "confirmed",
        paymentStatus: "paid",
      })),
    )
    .returning({ id: eventRegistrations.id });
  return { event, taken: taken.map((r) => r.id) };
}

async function join(eventId: string, email = nextEmail("waiter")) {
  const response = await t.request(`/api/events/${eventId}/waitlist`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(registrationBody({ customerName: email.split("@")[0], customerEmail: email })),
  });
  if (response.status !== 201) throw new Error(`join answered ${response.status}: ${await response.text()}`);
  return { email, ...((await response.json()) as JoinWaitlistResponse) };
}

/** The token of the newest offer emailed to this address (the link is the only way to it). */
async function offerLink(email: string) {
  const mails = await t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), sql`${emailOutbox.subject} like 'A place is yours%'`))
    .orderBy(asc(emailOutbox.id));
  const last = mails.at(-1);
  if (!last) return null;
  const match = /\/waitlist\/([0-9a-f-]{36})\?token=([A-Za-z0-9_%-]+)/.exec(last.textBody);
  return match ? { entryId: present(match[1]), token: decodeURIComponent(present(match[2])) } : null;
}

const entryStates = async (eventId: string) =>
  t.db
    .select({ email: eventWaitlist.customerEmail, status: eventWaitlist.status })
    .from(eventWaitlist)
    .where(eq(eventWaitlist.eventId, eventId))
    .orderBy(asc(eventWaitlist.seq));

const offeredEmails = async (eventId: string) =>
  (await entryStates(eventId)).filter((e) => e.status === "offered").map((e) => e.email);

const post = (path: string, body: unknown) =>
  t.request(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("event waitlist offers", () => {
  it("free place → offer → lapse → next → accept, in line order, with a person leaving", async () => {
    clock.set(NOW);
    const { event, taken } = await fullEvent(2);
    const detail = (await (await t.request(`/api/events/${event.id}`)).json()) as EventDetailResponse;
    expect(detail).toMatchObject({
      canRegister: false,
      canJoinWaitlist: true,
      event: { joinWaitlist: true },
    });
    const a = await join(event.id);
    const b = await join(event.id);
    const c = await join(event.id);
    const d = await join(event.id);
    expect([a.position, b.position, c.position, d.position]).toEqual([1, 2, 3, 4]);
    expect(
      await errorOf(
        await post(`/api/events/${event.id}/waitlist`, registrationBody({ customerEmail: a.email })),
      ),
    ).toMatchObject({
      message: "You are already on the waitlist for this event",
    });
    // C leaves the list with the token from joining.
    const left = await post(`/api/waitlist/${c.entryId}/leave`, { token: c.token });
    expect(((await left.json()) as WaitlistEntryResponse).status).toBe("left");

    // Staff remove a registration: the place is offered to A at once, held for 2 hours.
    expect((await admin.delete(`/api/admin/event-registrations/${taken[0]}`)).status).toBe(200);
    expect(await offeredEmails(event.id)).toEqual([a.email]);
    const offerA = present(await offerLink(a.email));
    const [storedA] = await t.db.select().from(eventWaitlist).where(eq(eventWaitlist.id, offerA.entryId));
    expect(storedA?.offerTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(storedA?.offerTokenHash).not.toContain(offerA.token);
    expect(storedA?.offerExpiresAt?.toISOString()).toBe(new Date(NOW.getTime() + 2 * HOUR).toISOString());
    // Nobody jumps the line: the place on offer is not open to registration.
    expect((await post(`/api/events/${event.id}/registrations`, registrationBody())).status).toBe(409);
    // The join token cannot accept; a guessed token is refused.
    expect((await post(`/api/waitlist/${a.entryId}/accept`, { token: a.token })).status).toBe(403);
    expect((await post(`/api/waitlist/${a.entryId}/accept`, { token: "guess" })).status).toBe(403);

    // A lets the offer lapse: the sweeper passes the place to B (C left, so not C), and tells A.
    clock.advance(2 * HOUR - 1000);
    await sweepEventWaitlists(t.deps);
    expect(await offeredEmails(event.id)).toEqual([a.email]);
    clock.advance(1000);
    await sweepEventWaitlists(t.deps);
    expect(await entryStates(event.id)).toEqual([
      { email: a.email, status: "lapsed" },
      { email: b.email, status: "offered" },
      { email: c.email, status: "left" },
      { email: d.email, status: "waiting" },
    ]);
    expect((await t.emailsTo(a.email)).map((m) => m.subject)).toContain(
      `Your waitlist offer has lapsed: ${event.name}`,
    );
    expect((await post(`/api/waitlist/${a.entryId}/accept`, { token: offerA.token })).status).toBe(410);

    // B accepts the free place: registered at once, confirmation emailed; D is next in line.
    const offerB = present(await offerLink(b.email));
    const view = (await (
      await t.request(`/api/waitlist/${offerB.entryId}`, { headers: { "x-waitlist-token": offerB.token } })
    ).json()) as WaitlistEntryResponse;
    expect(view).toMatchObject({ status: "offered", canAccept: true, priceCents: 0 });
    const accepted = await post(`/api/waitlist/${offerB.entryId}/accept`, { token: offerB.token });
    expect(accepted.status).toBe(200);
    expect(((await accepted.json()) as RegistrationResponse).status).toBe("confirmed");
    expect((await t.emailsTo(b.email)).map((m) => m.subject)).toContain(`You're registered: ${event.name}`);
    const afterDetail = (await (await t.request(`/api/events/${event.id}`)).json()) as EventDetailResponse;
    expect(afterDetail.event.currentParticipants).toBe(2);
    const dView = (await (
      await t.request(`/api/waitlist/${d.entryId}`, { headers: { "x-waitlist-token": d.token } })
    ).json()) as WaitlistEntryResponse;
    expect(dView).toMatchObject({ status: "waiting", position: 1, canAccept: false });
  });

  it("a declined offer passes to the next person at once", async () => {
    clock.set(NOW);
    const { event, taken } = await fullEvent(1);
    const a = await join(event.id);
    const b = await join(event.id);
    expect((await admin.delete(`/api/admin/event-registrations/${taken[0]}`)).status).toBe(200);
    const offerA = present(await offerLink(a.email));
    const declined = await post(`/api/waitlist/${offerA.entryId}/leave`, { token: offerA.token });
    expect(((await declined.json()) as WaitlistEntryResponse).status).toBe("declined");
    expect(await offeredEmails(event.id)).toEqual([b.email]);
  });

  it("a paid offer holds the place through checkout; abandoned, it is swept and passes on (§4)", async () => {
    clock.set(NOW);
    const { event, taken } = await fullEvent(1, { member: 1000, nonMember: 1500 });
    const a = await join(event.id);
    const b = await join(event.id);
    expect((await admin.delete(`/api/admin/event-registrations/${taken[0]}`)).status).toBe(200);
    const offerA = present(await offerLink(a.email));
    clock.advance(HOUR);
    const accepted = (await (
      await post(`/api/waitlist/${offerA.entryId}/accept`, { token: offerA.token })
    ).json()) as RegistrationResponse;
    // The pending registration keeps the offer's place until the offer's end (1 hour left).
    expect(accepted).toMatchObject({ status: "pending", priceCents: 1500 });
    expect(accepted.holdExpiresAt).toBe(new Date(NOW.getTime() + 2 * HOUR).toISOString());
    const checkout = await post(`/api/events/registrations/${accepted.registrationId}/checkout`, {
      holdToken: accepted.holdToken,
    });
    expect(checkout.status).toBe(200);
    await sweepEventWaitlists(t.deps);
    expect(await offeredEmails(event.id)).toEqual([]);
    // Never paid: the sweeper cancels the abandoned registration and offers its place to B.
    clock.advance(HOUR);
    const swept = await sweepEventWaitlists(t.deps);
    expect(swept).toMatchObject({ abandoned: 1, offered: 1 });
    const [row] = await t.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.id, accepted.registrationId));
    expect(row?.status).toBe("cancelled");
    expect(await offeredEmails(event.id)).toEqual([b.email]);
  });

  it("an abandoned pending registration with nobody waiting is swept too", async () => {
    clock.set(NOW);
    const event = await insertEvent(t, { maxParticipants: 3 });
    const pending = await registerOk(t.client(), event.id);
    expect(pending.status).toBe("pending");
    clock.advance(15 * 60_000);
    expect((await sweepEventWaitlists(t.deps)).abandoned).toBe(1);
    const [row] = await t.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.id, pending.registrationId));
    expect(row?.status).toBe("cancelled");
  });

  it("10 places freed at once with 30 waiting: exactly 10 offers, then the right next 10", async () => {
    clock.set(NOW);
    const { event, taken } = await fullEvent(10);
    const waiters: string[] = [];
    for (let i = 0; i < 30; i++) waiters.push((await join(event.id)).email);
    // Ten removals at once, each offering what it freed, while sweepers run beside them.
    await Promise.all([
      ...taken.map((id) => admin.delete(`/api/admin/event-registrations/${id}`)),
      sweepEventWaitlists(t.deps),
      sweepEventWaitlists(t.deps),
    ]);
    await sweepEventWaitlists(t.deps);
    expect(await offeredEmails(event.id)).toEqual(waiters.slice(0, 10));
    const offerMails = await t.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(emailOutbox)
      .where(sql`${emailOutbox.subject} = ${`A place is yours: ${event.name}`}`);
    expect(offerMails[0]?.n).toBe(10);

    clock.advance(2 * HOUR);
    await Promise.all([sweepEventWaitlists(t.deps), sweepEventWaitlists(t.deps)]);
    expect(await offeredEmails(event.id)).toEqual(waiters.slice(10, 20));
    const list = (await (
      await admin.get(`/api/admin/events/${event.id}/waitlist`)
    ).json()) as AdminWaitlistResponse;
    expect(list.offerMinutes).toBe(120);
    expect(list.entries.filter((e) => e.status === "waiting").map((e) => e.position)).toEqual(
      Array.from({ length: 10 }, (_, i) => i + 1),
    );
  });

  it("staff offer a place by hand and set the offer time", async () => {
    clock.set(NOW);
    const { event } = await fullEvent(1);
    await join(event.id);
    const b = await join(event.id);
    expect((await admin.put("/api/admin/waitlist-settings", { offerMinutes: 30 })).status).toBe(200);
    const response = await admin.post(`/api/admin/events/${event.id}/waitlist/${b.entryId}/offer`);
    expect(response.status).toBe(200);
    const list = (await response.json()) as AdminWaitlistResponse;
    expect(list.entries.map((e) => [e.position, e.status, e.offeredByStaff])).toEqual([
      [1, "waiting", false],
      [null, "offered", true],
    ]);
    expect(list.entries[1]?.offerExpiresAt).toBe(new Date(NOW.getTime() + 30 * 60_000).toISOString());
    expect((await t.request(`/api/admin/events/${event.id}/waitlist`)).status).toBe(401);
    await admin.put("/api/admin/waitlist-settings", { offerMinutes: 120 });
    // Out of turn is staff's call: the audit log says who offered to whom, and who changed the time.
    const [offered] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, b.entryId));
    expect(offered).toMatchObject({
      action: "offer_waitlist_place",
      actorUserId: adminId,
      outcome: "success",
    });
    expect(offered?.details).toMatchObject({
      eventId: event.id,
      previousStatus: "waiting",
      offerMinutes: 30,
    });
    const times = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, "update_waitlist_offer_time"), eq(auditLog.actorUserId, adminId)))
      .orderBy(asc(auditLog.id));
    expect(times.slice(-2).map((r) => r.details)).toMatchObject([{ after: 30 }, { before: 30, after: 120 }]);
  });

  it(`refuses a join when places are free, and more than ${WAITLIST_JOIN_LIMIT} joins in 10 minutes from one address`, async () => {
    clock.set(NOW);
    const open = await insertEvent(t, { maxParticipants: 5 });
    expect(await errorOf(await post(`/api/events/${open.id}/waitlist`, registrationBody()))).toMatchObject({
      message: "This event still has places. Please register instead.",
    });
    const { event } = await fullEvent(1);
    const from = { "x-forwarded-for": "203.0.113.77", "content-type": "application/json" };
    const statuses: number[] = [];
    for (let i = 0; i <= WAITLIST_JOIN_LIMIT; i++) {
      const response = await t.request(`/api/events/${event.id}/waitlist`, {
        method: "POST",
        headers: from,
        body: JSON.stringify(registrationBody()),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(WAITLIST_JOIN_LIMIT).fill(201), 429]);
    clock.advance(10 * 60_000 + 1000);
    const later = await t.request(`/api/events/${event.id}/waitlist`, {
      method: "POST",
      headers: from,
      body: JSON.stringify(registrationBody()),
    });
    expect(later.status).toBe(201);
  });

  // Registering and joining start with one opening (registration-opening.ts): its checks answer both alike.
  it("a join meets the registration's checks: a bad phone names the field, a private or ended event is refused", async () => {
    clock.set(NOW);
    const from = { "x-forwarded-for": "203.0.113.78", "content-type": "application/json" };
    const send = (eventId: string, what: "registrations" | "waitlist", body = registrationBody()) =>
      t.request(`/api/events/${eventId}/${what}`, {
        method: "POST",
        headers: from,
        body: JSON.stringify(body),
      });
    const { event } = await fullEvent(1);
    const hidden = await insertEvent(t, { isPrivate: true });
    const over = await insertEvent(t, { date: "2026-11-16" });
    for (const what of ["registrations", "waitlist"] as const) {
      const badPhone = await send(event.id, what, registrationBody({ customerPhone: "555-01" }));
      expect(badPhone.status, what).toBe(400);
      expect(await errorOf(badPhone), what).toMatchObject({
        field: "phone",
        message: expect.stringContaining("phone"),
      });
      const unseen = await send(hidden.id, what);
      expect([unseen.status, (await errorOf(unseen)).message], what).toEqual([404, "Event not found"]);
      const ended = await send(over.id, what);
      expect([ended.status, (await errorOf(ended)).message], what).toEqual([
        409,
        "This event has already ended",
      ]);
    }
    const rows = await t.db.select().from(eventWaitlist).where(eq(eventWaitlist.clientIp, "203.0.113.78"));
    expect(rows).toEqual([]);
  });
});
