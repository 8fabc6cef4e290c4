import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type TestApp, testClock } from "../../../tests/integration/kits/harness";
import { NOW } from "../../../tests/integration/kits/membership-test-kit";
import type { MyReservationsResponse } from "../../contracts/membership";
import { eventRegistrations, events, reservations } from "../db/schema";
import { present } from "../lib/present";

const clock = testClock(NOW);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await t.seedFacilities();
});
afterAll(() => t?.close());

type NewReservation = typeof reservations.$inferInsert;

async function reservation(userId: string | null, overrides: Partial<NewReservation>) {
  const [row] = await t.db
    .insert(reservations)
    .values({
      date: "2026-11-20",
      facilityType: "court",
      courtId: 1,
      duration: 60,
      startTime: "17:00",
      endTime: "18:00",
      priceCents: 4000,
      status: "confirmed",
      paymentStatus: "paid",
      customerName: "Someone",
      customerEmail: "someone@example.test",
      userId,
      ...overrides,
    })
    .returning();
  return present(row);
}

async function event(name: string, date: string) {
  const [row] = await t.db
    .insert(events)
    .values({ name, type: "league", date, startTime: "18:00", endTime: "20:00", courts: [7] })
    .returning();
  return present(row);
}

describe("GET /api/me/reservations (SPEC §7 My bookings)", () => {
  it("groups the user's confirmed items from today on, and nobody else's", async () => {
    const member = await t.createMember();
    const other = await t.createMember();
    const free = await reservation(member.id, {
      date: "2026-11-19",
      courtId: 2,
      duration: 120,
      startTime: "10:00",
      endTime: "12:00",
      priceCents: 0,
      isFreeMemberBooking: true,
      isMember: true,
    });
    const court = await reservation(member.id, {
      date: "2026-11-18",
      courtId: 3,
      startTime: "18:00",
      endTime: "19:00",
    });
    const laterCourt = await reservation(member.id, { date: "2026-11-25", courtId: 3 });
    const bay = await reservation(member.id, {
      facilityType: "dart_bay",
      courtId: null,
      dartBayId: 2,
      duration: 30,
      startTime: "20:00",
      endTime: "20:30",
      priceCents: 1500,
    });
    // Not listed: yesterday's, a pending hold, a cancelled one, another user's.
    await reservation(member.id, { date: "2026-11-17", courtId: 4 });
    await reservation(member.id, { courtId: 5, status: "pending", paymentStatus: "pending" });
    await reservation(member.id, { courtId: 6, status: "cancelled" });
    await reservation(other.id, { courtId: 8 });

    const league = await event("Thursday Night League", "2026-11-19");
    const past = await event("Last Week's League", "2026-11-12");
    const [registration] = await t.db
      .insert(eventRegistrations)
      .values([
        {
          eventId: league.id,
          userId: member.id,
          customerName: "M",
          customerEmail: member.email,
          status: "confirmed",
          paymentStatus: "paid",
          priceCents: 2500,
        },
        {
          eventId: past.id,
          userId: member.id,
          customerName: "M",
          customerEmail: member.email,
          status: "confirmed",
          paymentStatus: "paid",
        },
        {
          eventId: league.id,
          userId: member.id,
          customerName: "M",
          customerEmail: member.email,
          status: "cancelled",
        },
        {
          eventId: league.id,
          userId: other.id,
          customerName: "O",
          customerEmail: other.email,
          status: "confirmed",
          paymentStatus: "paid",
        },
      ])
      .returning();

    const browser = await t.signIn(member.email, member.password);
    const response = await browser.get("/api/me/reservations");
    expect(response.status).toBe(200);
    const body = (await response.json()) as MyReservationsResponse;
    expect(body.freeCourtReservations.map((r) => r.id)).toEqual([free.id]);
    expect(body.freeCourtReservations[0]).toMatchObject({
      facilityName: "Court 2",
      displayTime: "10:00 AM - 12:00 PM",
      priceCents: 0,
      status: "confirmed",
      isFreeMemberBooking: true,
    });
    // By date, then time: today's evening court first.
    expect(body.courtReservations.map((r) => r.id)).toEqual([court.id, laterCourt.id]);
    expect(body.dartBayReservations).toEqual([
      expect.objectContaining({ id: bay.id, facilityName: "Dart Bay 2", displayTime: "8:00 PM - 8:30 PM" }),
    ]);
    expect(body.eventRegistrations).toEqual([
      {
        id: present(registration).id,
        eventId: league.id,
        eventName: "Thursday Night League",
        eventType: "league",
        date: "2026-11-19",
        startTime: "18:00",
        endTime: "20:00",
        displayTime: "6:00 PM - 8:00 PM",
        priceCents: 2500,
        status: "confirmed",
      },
    ]);
    // The raw row never leaves the server.
    expect(JSON.stringify(body)).not.toMatch(/customerEmail|paymentId|holdId/);
  });

  it("is empty for a signed-in user with nothing booked, and 401 for a guest", async () => {
    const user = await t.createGuestUser();
    const browser = await t.signIn(user.email, user.password);
    expect(await (await browser.get("/api/me/reservations")).json()).toEqual({
      freeCourtReservations: [],
      courtReservations: [],
      dartBayReservations: [],
      eventRegistrations: [],
    });
    const guest = await t.client().get("/api/me/reservations");
    expect(guest.status).toBe(401);
    expect((await errorOf(guest)).message).toBe("User is not authenticated");
  });
});

describe("Add to calendar", () => {
  it("downloads the owner's reservation as .ics; anyone else gets 404 or 401", async () => {
    const member = await t.createMember();
    const mine = await reservation(member.id, {
      date: "2026-11-23",
      courtId: 1,
      startTime: "09:00",
      endTime: "11:00",
      duration: 120,
    });
    const browser = await t.signIn(member.email, member.password);
    const response = await browser.get(`/api/me/reservations/${mine.id}/calendar`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/calendar");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="reservation-2026-11-23.ics"',
    );
    const ics = await response.text();
    expect(ics).toContain("BEGIN:VCALENDAR");
    expect(ics).toContain("DTSTART:20261123T150000Z");
    expect(ics).toContain("SUMMARY:Court 1 at Backspin Social");

    const stranger = await t.createMember();
    const theirs = await t.signIn(stranger.email, stranger.password);
    const refused = await theirs.get(`/api/me/reservations/${mine.id}/calendar`);
    expect(refused.status).toBe(404);
    expect((await errorOf(refused)).message).toBe("Reservation not found");
    expect((await t.client().get(`/api/me/reservations/${mine.id}/calendar`)).status).toBe(401);
  });

  it("downloads an event registration as .ics", async () => {
    const member = await t.createMember();
    const open = await event("Open Play Night", "2026-11-24");
    const [registration] = await t.db
      .insert(eventRegistrations)
      .values({
        eventId: open.id,
        userId: member.id,
        customerName: "M",
        customerEmail: member.email,
        status: "confirmed",
        paymentStatus: "paid",
      })
      .returning();
    const browser = await t.signIn(member.email, member.password);
    const response = await browser.get(`/api/me/event-registrations/${present(registration).id}/calendar`);
    expect(response.status).toBe(200);
    const ics = await response.text();
    expect(ics).toContain("SUMMARY:Open Play Night at Backspin Social");
    expect(ics).toContain("DTSTART:20261125T000000Z");
  });
});
