import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eventBody, insertEvent, NOW, registerOk } from "../../../tests/integration/kits/events-test-kit";
import {
  createTestApp,
  errorOf,
  type TestApp,
  type TestClient,
  testClock,
} from "../../../tests/integration/kits/harness";
import type { CreateEventsResponse, DeleteEventResponse, UpdateEventResponse } from "../../contracts/events";
import { eventRegistrations, events, reservations } from "../db/schema";
import { present } from "../lib/present";

// Decision 021 (issue 14 item 6): a recurring event is a series staff edit or delete as calendar
// apps do — this event, this and following events, or all events in the series — all or nothing.

const clock = testClock(NOW);
let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await t.seedFacilities();
  const adminUser = await t.createAdmin();
  admin = await t.signIn(adminUser.email, adminUser.password);
});
afterAll(() => t?.close());

// Each test starts from an empty schedule, with a series of its own name.
let seq = 0;
let name = "";
beforeEach(async () => {
  seq += 1;
  name = `Thursday League ${seq}`;
  await t.db.delete(events);
  await t.db.delete(reservations);
});

const WEEKS = ["2026-11-26", "2026-12-03", "2026-12-10", "2026-12-17"];

async function createSeries(): Promise<string[]> {
  const response = await admin.post(
    "/api/admin/events",
    eventBody({
      name,
      type: "league",
      date: WEEKS[0],
      startTime: "18:00",
      endTime: "20:00",
      courts: [7],
      recurrence: { frequency: "weekly", count: 4 },
    }),
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as CreateEventsResponse).events.map((e) => e.id);
}

/** The events of this test, as stored, in date order. */
async function stored() {
  const rows = await t.db
    .select()
    .from(events)
    .where(inArray(events.name, [name, `${name} (moved)`]))
    .orderBy(asc(events.date));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    date: r.date,
    startTime: r.startTime.slice(0, 5),
    courts: r.courts,
    seriesId: r.seriesId,
  }));
}

const edited = (date: string) =>
  eventBody({
    name: `${name} (moved)`,
    type: "league",
    date,
    startTime: "19:00",
    endTime: "21:00",
    courts: [8],
  });

async function put(id: string, scope: string, date: string) {
  return admin.put(`/api/admin/events/${id}?scope=${scope}`, edited(date));
}

async function insertReservation(date: string, courtId: number, startTime: string, endTime: string) {
  await t.db.insert(reservations).values({
    date,
    facilityType: "court",
    courtId,
    duration: 60,
    startTime,
    endTime,
    status: "confirmed",
    paymentStatus: "paid",
    customerName: "Court Booker",
  });
}

describe("create", () => {
  it("gives the occurrences of a recurring event one series, and a single event none", async () => {
    const ids = await createSeries();
    const rows = await stored();
    expect(rows.map((r) => r.id)).toEqual(ids);
    const seriesId = present(rows[0]).seriesId;
    expect(seriesId).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(rows.map((r) => r.seriesId))).toEqual(new Set([seriesId]));
    const detail = (await (await admin.get(`/api/admin/events/${ids[1]}`)).json()) as {
      event: { seriesId: string | null };
    };
    expect(detail.event.seriesId).toBe(seriesId);

    const single = await admin.post("/api/admin/events", eventBody({ name: `${name} single`, courts: [7] }));
    const singleId = present(((await single.json()) as CreateEventsResponse).events[0]).id;
    const [row] = await t.db.select().from(events).where(eq(events.id, singleId));
    expect(present(row).seriesId).toBeNull();
  });
});

describe("edit", () => {
  it("this event: only the chosen occurrence changes, and it stays in the series", async () => {
    const ids = await createSeries();
    const response = await put(present(ids[1]), "one", "2026-12-04");
    expect(response.status).toBe(200);
    const body = (await response.json()) as UpdateEventResponse;
    expect(body.count).toBe(1);
    expect(body.event).toMatchObject({ date: "2026-12-04", startTime: "19:00", courts: [8] });
    const rows = await stored();
    const seriesId = present(rows[0]).seriesId;
    expect(rows.map((r) => [r.date, r.startTime, r.courts, r.seriesId])).toEqual([
      ["2026-11-26", "18:00", [7], seriesId],
      ["2026-12-04", "19:00", [8], seriesId],
      ["2026-12-10", "18:00", [7], seriesId],
      ["2026-12-17", "18:00", [7], seriesId],
    ]);
  });

  it("this and following: the chosen and later occurrences move a day and form their own series", async () => {
    const ids = await createSeries();
    const response = await put(present(ids[2]), "following", "2026-12-11");
    expect(response.status).toBe(200);
    expect(((await response.json()) as UpdateEventResponse).count).toBe(2);
    const rows = await stored();
    expect(rows.map((r) => [r.name, r.date, r.startTime, r.courts])).toEqual([
      [name, "2026-11-26", "18:00", [7]],
      [name, "2026-12-03", "18:00", [7]],
      [`${name} (moved)`, "2026-12-11", "19:00", [8]],
      [`${name} (moved)`, "2026-12-18", "19:00", [8]],
    ]);
    const [a, b, c, d] = rows.map((r) => r.seriesId);
    expect(a).not.toBeNull();
    expect(b).toBe(a);
    expect(c).not.toBeNull();
    expect(d).toBe(c);
    expect(c).not.toBe(a);
  });

  it("this and following from the last occurrence leaves it a single event", async () => {
    const ids = await createSeries();
    expect((await put(present(ids[3]), "following", "2026-12-17")).status).toBe(200);
    const rows = await stored();
    expect(present(rows[3]).seriesId).toBeNull();
    expect(new Set(rows.slice(0, 3).map((r) => r.seriesId)).size).toBe(1);
  });

  it("all events in the series: every occurrence changes, from whichever one was opened", async () => {
    const ids = await createSeries();
    const response = await put(present(ids[2]), "all", "2026-12-10");
    expect(response.status).toBe(200);
    expect(((await response.json()) as UpdateEventResponse).count).toBe(4);
    const rows = await stored();
    expect(rows.map((r) => [r.name, r.date, r.startTime, r.courts])).toEqual(
      WEEKS.map((date) => [`${name} (moved)`, date, "19:00", [8]]),
    );
    expect(new Set(rows.map((r) => r.seriesId)).size).toBe(1);
  });

  it("refuses a conflict on any occurrence, naming its date, and changes nothing", async () => {
    const ids = await createSeries();
    const before = await stored();
    await insertReservation("2026-12-10", 8, "20:00", "21:00");
    const reserved = await put(present(ids[0]), "all", WEEKS[0] as string);
    expect(reserved.status).toBe(409);
    expect((await errorOf(reserved)).message).toBe(
      "One or more selected courts are already reserved on 2026-12-10",
    );
    expect(await stored()).toEqual(before);

    await insertEvent(t, {
      name: `${name} other`,
      date: "2026-12-17",
      startTime: "18:30",
      endTime: "19:30",
      courts: [8],
    });
    await t.db.delete(reservations);
    // The 4th occurrence conflicts though "following" was opened on the 2nd.
    const inUse = await put(present(ids[1]), "following", "2026-12-03");
    expect(inUse.status).toBe(409);
    expect((await errorOf(inUse)).message).toBe(
      "One or more selected courts are already in use for another event on 2026-12-17",
    );
    expect(await stored()).toEqual(before);

    // A single occurrence keeps the single edit's words.
    const one = await put(present(ids[3]), "one", "2026-12-17");
    expect(one.status).toBe(409);
    expect((await errorOf(one)).message).toBe(
      "One or more selected courts are already in use for another event on this date",
    );
    expect(await stored()).toEqual(before);
  });

  it("moves a series onto its own dates without counting the moving occurrences against each other", async () => {
    const ids = await createSeries();
    // One week later: each occurrence lands where the next one was (same courts and time).
    const response = await admin.put(
      `/api/admin/events/${ids[0]}?scope=all`,
      eventBody({
        name,
        type: "league",
        date: "2026-12-03",
        startTime: "18:00",
        endTime: "20:00",
        courts: [7],
      }),
    );
    expect(response.status).toBe(200);
    expect((await stored()).map((r) => r.date)).toEqual([...WEEKS.slice(1), "2026-12-24"]);
  });

  it("refuses an unknown scope", async () => {
    const ids = await createSeries();
    expect((await put(present(ids[0]), "every", WEEKS[0] as string)).status).toBe(400);
  });
});

describe("delete", () => {
  it("this event: only the chosen occurrence and its registrations go", async () => {
    const ids = await createSeries();
    await t.db
      .update(events)
      .set({ memberPriceCents: 0, nonMemberPriceCents: 0 })
      .where(inArray(events.id, ids));
    const kept = await registerOk(t.client(), present(ids[0]));
    const gone = await registerOk(t.client(), present(ids[1]));
    const response = await admin.delete(`/api/admin/events/${ids[1]}?scope=one`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as DeleteEventResponse).count).toBe(1);
    expect((await stored()).map((r) => r.date)).toEqual(["2026-11-26", "2026-12-10", "2026-12-17"]);
    const regs = await t.db
      .select({ id: eventRegistrations.id })
      .from(eventRegistrations)
      .where(inArray(eventRegistrations.id, [kept.registrationId, gone.registrationId]));
    expect(regs.map((r) => r.id)).toEqual([kept.registrationId]);
  });

  it("this and following: the chosen and later occurrences go, earlier ones stay", async () => {
    const ids = await createSeries();
    const response = await admin.delete(`/api/admin/events/${ids[1]}?scope=following`);
    expect(((await response.json()) as DeleteEventResponse).count).toBe(3);
    const rows = await stored();
    expect(rows.map((r) => r.date)).toEqual(["2026-11-26"]);
    // One occurrence left is no longer a series.
    expect(present(rows[0]).seriesId).toBeNull();
  });

  it("all events in the series go, whichever one was opened; a single event deletes only itself", async () => {
    const ids = await createSeries();
    const response = await admin.delete(`/api/admin/events/${ids[3]}?scope=all`);
    expect(((await response.json()) as DeleteEventResponse).count).toBe(4);
    expect(await stored()).toEqual([]);

    const single = await insertEvent(t, { name, courts: [7] });
    const other = await insertEvent(t, { name, courts: [8], date: "2026-12-01" });
    const alone = await admin.delete(`/api/admin/events/${single.id}?scope=all`);
    expect(((await alone.json()) as DeleteEventResponse).count).toBe(1);
    expect((await stored()).map((r) => r.id)).toEqual([other.id]);
  });
});

describe("two staff at once", () => {
  it("an edit of the whole series and a delete of its last weeks both finish, one after the other", async () => {
    const ids = await createSeries();
    const [edit, remove] = await Promise.all([
      put(present(ids[0]), "all", WEEKS[0] as string),
      admin.delete(`/api/admin/events/${ids[2]}?scope=following`),
    ]);
    expect(remove.status).toBe(200);
    // The edit either ran first (4 changed) or saw the series change under it and refused, changing nothing.
    expect([200, 409]).toContain(edit.status);
    const rows = await stored();
    expect(rows.map((r) => r.date)).toEqual(WEEKS.slice(0, 2));
    const names = new Set(rows.map((r) => r.name));
    expect(names.size).toBe(1);
  });
});
