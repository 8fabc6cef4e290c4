import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type AdminTestbed,
  adminTestbed,
  DAY,
  insertReservation,
  NOW,
  paidOnlineReservation,
} from "../../../tests/integration/kits/admin-test-kit";
import { insertEvent } from "../../../tests/integration/kits/events-test-kit";
import type { TestClient } from "../../../tests/integration/kits/harness";
import type { AdminDayResponse } from "../../contracts/admin";
import type { MembersResponse } from "../../contracts/admin-members";
import type { CheckInResponse } from "../../contracts/check-in";
import type { AdminEventDetailResponse } from "../../contracts/events";
import { registrationReference } from "../../domain/event-registration";
import { bookingReference } from "../../domain/self-service-policy";
import { venueInstant } from "../../domain/venue-time";
import { auditLog, eventRegistrations, reservations } from "../db/schema";
import { present } from "../lib/present";

// Issue 33 item 2: check-in by reference (typed or scanned), twice refused, another day's code
// refused, no-shows only after the start, counts per customer, event registrations.

let bed: AdminTestbed;
let desk: TestClient;
let deskId: string;

/** Monday 23 Nov 2026 at 10:00 AM at the venue (CST). */
const MONDAY_10AM = venueInstant(DAY, "10:00");

beforeAll(async () => {
  bed = await adminTestbed();
  const person = await bed.t.createAdmin({ firstName: "Desk", staffRole: "front_desk" });
  deskId = person.id;
  desk = await bed.t.signIn(person.email, person.password);
});
afterAll(() => bed?.t.close());
beforeEach(() => bed.clock.set(NOW));

const checkIn = (code: string) => desk.post("/api/admin/check-in", { code });
const errorText = async (response: Response) =>
  ((await response.json()) as { error: { message: string } }).error.message;
const row = async (id: string) =>
  present((await bed.t.db.select().from(reservations).where(eq(reservations.id, id)))[0]);
const auditRows = (targetId: string) =>
  bed.t.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.id);

describe("check-in by booking reference", () => {
  it("checks a booking in on its day by the reference typed at the desk, audited with who, before and after", async () => {
    const booked = await paidOnlineReservation(bed.t, { startTime: "17:00", email: "arrives@example.test" });
    const reference = bookingReference(present(booked.holdId));
    bed.clock.set(MONDAY_10AM);

    // Typed loosely: lower case, a space for the dash.
    const response = await checkIn(reference.toLowerCase().replace("-", " "));
    expect(response.status).toBe(200);
    const body = (await response.json()) as CheckInResponse;
    expect(body).toMatchObject({
      kind: "booking",
      reference,
      customerName: booked.customerName,
      noShows: 0,
      message: `Checked in: ${booked.customerName} (${reference})`,
    });
    expect(body.items).toEqual([expect.stringMatching(/ · 5:00 PM - 6:30 PM$/)]);
    expect(await row(booked.id)).toMatchObject({
      checkedInAt: MONDAY_10AM,
      checkedInBy: deskId,
      noShowAt: null,
    });
    const [entry] = await auditRows(booked.id);
    expect(entry).toMatchObject({ action: "check_in", actorUserId: deskId, outcome: "success" });
    expect(entry?.details).toMatchObject({
      before: { attendance: "expected" },
      after: { attendance: "checked in" },
      via: "reference",
      reference,
    });

    // The day's grid and list show it checked in.
    const day = (await (
      await desk.get(`/api/admin/day?date=${DAY}&facilityType=court`)
    ).json()) as AdminDayResponse;
    expect(day.reservations.find((r) => r.id === booked.id)).toMatchObject({
      checkedInAt: MONDAY_10AM.toISOString(),
      noShowAt: null,
    });
  });

  it("refuses a second check-in with a clear message and changes nothing", async () => {
    const booked = await paidOnlineReservation(bed.t, { startTime: "19:00", duration: 60 });
    const reference = bookingReference(present(booked.holdId));
    bed.clock.set(MONDAY_10AM);
    expect((await checkIn(reference)).status).toBe(200);
    bed.clock.set(new Date(MONDAY_10AM.getTime() + 5 * 60_000));

    const again = await checkIn(reference);
    expect(again.status).toBe(409);
    expect(await errorText(again)).toBe("Already checked in at 10:00 AM");
    const byList = await desk.post(`/api/admin/reservations/${booked.id}/check-in`);
    expect(byList.status).toBe(409);
    expect(await errorText(byList)).toBe("Already checked in at 10:00 AM");
    expect(await row(booked.id)).toMatchObject({ checkedInAt: MONDAY_10AM });
    expect(await auditRows(booked.id)).toHaveLength(1);
  });

  it("refuses another day's code, naming the booking's day, and changes nothing", async () => {
    const booked = await paidOnlineReservation(bed.t, {
      date: "2026-11-24",
      startTime: "12:00",
      duration: 60,
    });
    const reference = bookingReference(present(booked.holdId));
    bed.clock.set(MONDAY_10AM);

    const response = await checkIn(reference);
    expect(response.status).toBe(409);
    expect(await errorText(response)).toBe("This booking is for Tue, Nov 24, not today");
    const byList = await desk.post(`/api/admin/reservations/${booked.id}/check-in`);
    expect(byList.status).toBe(409);
    expect(await row(booked.id)).toMatchObject({ checkedInAt: null, checkedInBy: null });
    expect(await auditRows(booked.id)).toHaveLength(0);

    // The next day it checks in.
    bed.clock.set(venueInstant("2026-11-24", "11:45"));
    expect((await checkIn(reference)).status).toBe(200);
  });

  it("answers an unknown reference 404 and an unreadable one 400, naming the field", async () => {
    bed.clock.set(MONDAY_10AM);
    const unknown = await checkIn("BK-00000000");
    expect(unknown.status).toBe(404);
    expect(await errorText(unknown)).toBe("No booking has the reference BK-00000000");
    const unreadable = await checkIn("https://example.test/manage/some-token");
    expect(unreadable.status).toBe(400);
    expect(await unreadable.json()).toMatchObject({ error: { field: "code" } });
  });

  it("checks a booking's items of today in from the list one at a time", async () => {
    const first = await insertReservation(bed.t, { courtId: 2, startTime: "11:00", endTime: "12:00" });
    bed.clock.set(MONDAY_10AM);
    const response = await desk.post(`/api/admin/reservations/${first.id}/check-in`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: first.id, checkedInAt: MONDAY_10AM.toISOString() });
    expect(await auditRows(first.id)).toEqual([
      expect.objectContaining({
        action: "check_in",
        actorUserId: deskId,
        details: expect.objectContaining({ via: "list" }),
      }),
    ]);
  });
});

describe("no-shows", () => {
  it("is refused before the start with the start time, allowed after it, audited, and then final", async () => {
    const booked = await insertReservation(bed.t, {
      courtId: 3,
      startTime: "10:30",
      endTime: "11:30",
      customerEmail: "late@example.test",
    });
    bed.clock.set(MONDAY_10AM);
    const early = await desk.post(`/api/admin/reservations/${booked.id}/no-show`);
    expect(early.status).toBe(409);
    expect(await errorText(early)).toBe(
      "A no-show can be marked only after the start time (Mon, Nov 23, 10:30 AM)",
    );
    expect(await row(booked.id)).toMatchObject({ noShowAt: null });
    expect(await auditRows(booked.id)).toHaveLength(0);

    const after = venueInstant(DAY, "10:45");
    bed.clock.set(after);
    const marked = await desk.post(`/api/admin/reservations/${booked.id}/no-show`);
    expect(marked.status).toBe(200);
    expect(await row(booked.id)).toMatchObject({ noShowAt: after, noShowBy: deskId, checkedInAt: null });
    const [entry] = await auditRows(booked.id);
    expect(entry).toMatchObject({ action: "mark_no_show", actorUserId: deskId });
    expect(entry?.details).toMatchObject({
      before: { attendance: "expected" },
      after: { attendance: "no-show" },
    });

    const twice = await desk.post(`/api/admin/reservations/${booked.id}/no-show`);
    expect(twice.status).toBe(409);
    expect(await errorText(twice)).toBe("Already marked a no-show on Mon, Nov 23, 10:45 AM");
    const thenCheckIn = await desk.post(`/api/admin/reservations/${booked.id}/check-in`);
    expect(thenCheckIn.status).toBe(409);
    expect(await auditRows(booked.id)).toHaveLength(1);
  });

  it("refuses a checked-in booking and a pending one", async () => {
    const here = await insertReservation(bed.t, { courtId: 4, startTime: "09:00", endTime: "10:00" });
    const pending = await insertReservation(bed.t, {
      courtId: 5,
      startTime: "09:00",
      endTime: "10:00",
      status: "pending",
      paymentStatus: "pending",
    });
    bed.clock.set(venueInstant(DAY, "08:55"));
    expect((await desk.post(`/api/admin/reservations/${here.id}/check-in`)).status).toBe(200);
    bed.clock.set(MONDAY_10AM);
    const checked = await desk.post(`/api/admin/reservations/${here.id}/no-show`);
    expect(checked.status).toBe(409);
    expect(await errorText(checked)).toBe("Checked in already: not a no-show");
    const notConfirmed = await desk.post(`/api/admin/reservations/${pending.id}/no-show`);
    expect(notConfirmed.status).toBe(409);
    expect(await row(pending.id)).toMatchObject({ noShowAt: null });
  });

  it("counts each customer's no-shows by email, shown in the day's bookings and the members list", async () => {
    const member = await bed.t.createMember({ email: "often.late@example.test" });
    const times = ["08:00", "09:00", "10:00"];
    const missed = [];
    for (const [i, start] of times.entries()) {
      missed.push(
        await insertReservation(bed.t, {
          date: "2026-11-16",
          courtId: 6,
          startTime: start,
          endTime: `${String(8 + i + 1).padStart(2, "0")}:00`,
          // A different case of the same address is the same customer.
          customerEmail: i === 1 ? "Often.Late@Example.test" : member.email,
        }),
      );
    }
    const other = await insertReservation(bed.t, {
      date: "2026-11-16",
      courtId: 8,
      startTime: "08:00",
      endTime: "09:00",
      customerEmail: "someone.else@example.test",
    });
    bed.clock.set(NOW);
    for (const r of [...missed.slice(0, 2), other]) {
      expect((await desk.post(`/api/admin/reservations/${r.id}/no-show`)).status).toBe(200);
    }
    const upcoming = await insertReservation(bed.t, {
      courtId: 6,
      startTime: "15:00",
      endTime: "16:00",
      customerEmail: member.email,
    });

    const day = (await (
      await desk.get(`/api/admin/day?date=${DAY}&facilityType=court`)
    ).json()) as AdminDayResponse;
    expect(day.reservations.find((r) => r.id === upcoming.id)?.customerNoShows).toBe(2);
    const members = (await (await desk.get("/api/admin/members")).json()) as MembersResponse;
    expect(members.members.find((m) => m.id === member.id)?.noShows).toBe(2);
    expect(
      await bed.t.db
        .select()
        .from(reservations)
        .where(and(eq(reservations.customerEmail, "someone.else@example.test"))),
    ).toEqual([expect.objectContaining({ noShowBy: deskId })]);
  });
});

describe("event registrations", () => {
  it("checks a registration in from the event's registrations or by its EV- reference, once, on the event's day", async () => {
    const event = await insertEvent(bed.t, { date: DAY, courts: [] });
    const [a, b] = await bed.t.db
      .insert(eventRegistrations)
      .values(
        ["Ada Player", "Bo Player"].map((customerName, i) => ({
          eventId: event.id,
          customerName,
          customerEmail: `player${i}@example.test`,
          status: "confirmed",
          paymentStatus: "paid",
        })),
      )
      .returning();
    const first = present(a);
    const second = present(b);

    // Not before the event's day.
    const early = await desk.post(`/api/admin/event-registrations/${first.id}/check-in`);
    expect(early.status).toBe(409);
    expect(await errorText(early)).toBe("This event is on Mon, Nov 23, not today");

    bed.clock.set(MONDAY_10AM);
    const listed = await desk.post(`/api/admin/event-registrations/${first.id}/check-in`);
    expect(listed.status).toBe(200);
    const twice = await desk.post(`/api/admin/event-registrations/${first.id}/check-in`);
    expect(twice.status).toBe(409);
    expect(await errorText(twice)).toBe("Already checked in at 10:00 AM");

    const byCode = await checkIn(registrationReference(second.id));
    expect(byCode.status).toBe(200);
    expect(await byCode.json()).toMatchObject({ kind: "registration", customerName: "Bo Player" });

    const detail = (await (
      await bed.admin.get(`/api/admin/events/${event.id}`)
    ).json()) as AdminEventDetailResponse;
    expect(detail.registrations.map((r) => [r.customerName, r.checkedInAt])).toEqual(
      expect.arrayContaining([
        ["Ada Player", MONDAY_10AM.toISOString()],
        ["Bo Player", MONDAY_10AM.toISOString()],
      ]),
    );
    const audited = await bed.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "check_in"), eq(auditLog.targetType, "event_registration")));
    expect(audited.map((e) => e.targetId).sort()).toEqual([first.id, second.id].sort());
    expect(audited.every((e) => e.actorUserId === deskId)).toBe(true);
  });
});
