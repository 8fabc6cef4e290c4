import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../../tests/integration/kits/harness";
import type { UtilisationReport } from "../../contracts/reports";
import { dayOfWeek, minutesOf } from "../../domain/venue-time";
import { courts, dartBays, events, facilityClosures, operatingHours, reservations } from "../db/schema";
import { forgetVenueRules } from "../settings/venue-rules-cache";

// Issue 33 item 3: a day's utilisation is its booked minutes over the minutes the venue's hours
// keep every active court (or bay) open, and each booking counts in the hours it covers.

const DAY = "2025-06-11"; // a Wednesday

describe("utilisation report (issue 33 item 3)", () => {
  let t: TestApp;
  let manager: TestClient;

  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date("2025-06-20T17:00:00Z") });
    await t.seedFacilities();
    const m = await t.createAdmin({ staffRole: "manager" });
    manager = await t.signIn(m.email, m.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("one day: booked minutes over open minutes, by hour, per type and per court", async () => {
    const [hours] = await t.db
      .select()
      .from(operatingHours)
      .where(eq(operatingHours.dayOfWeek, dayOfWeek(DAY)));
    if (!hours) throw new Error("the venue has no hours on a Wednesday");
    const opens = minutesOf(hours.opensAt.slice(0, 5));
    const closes = minutesOf(hours.closesAt.slice(0, 5));
    const activeCourts = (await t.db.select().from(courts)).filter((c) => c.isActive);
    const activeBays = (await t.db.select().from(dartBays)).filter((b) => b.isActive);
    const [first, second] = activeCourts;
    if (!first || !second) throw new Error("two courts needed");
    const hhmm = (m: number) =>
      `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
    const start = Math.ceil(opens / 60) * 60 + 30; // half past an hour, inside the day
    const booking = (courtId: number, from: number, minutes: number, status = "confirmed") => ({
      date: DAY,
      startTime: hhmm(from),
      endTime: hhmm(from + minutes),
      duration: minutes,
      facilityType: "court",
      courtId,
      priceCents: 1000,
      status,
      paymentStatus: "paid",
      customerName: "Booked",
    });
    await t.db.insert(reservations).values([
      booking(first.id, start, 90), // 30 in one hour, 60 in the next
      booking(second.id, start, 60),
      booking(second.id, start + 120, 120, "cancelled"), // not booked time
      { ...booking(first.id, start, 60), date: "2025-06-10" }, // another day
    ]);

    const response = await manager.get(`/api/admin/reports/utilisation?from=${DAY}&to=${DAY}`);
    expect(response.status).toBe(200);
    const report = (await response.json()) as UtilisationReport;
    const courtsRow = report.types.find((x) => x.facilityType === "court");
    const baysRow = report.types.find((x) => x.facilityType === "dart_bay");
    const openMinutes = closes - opens;
    expect(courtsRow?.openMinutes).toBe(openMinutes * activeCourts.length);
    expect(baysRow?.openMinutes).toBe(openMinutes * activeBays.length);
    expect(courtsRow?.bookedMinutes).toBe(150);
    expect(baysRow?.bookedMinutes).toBe(0);
    const wednesday = courtsRow?.booked[3] ?? [];
    const h = Math.floor(start / 60);
    // Each booking starts at half past: 30 + 30 minutes in its first hour, 60 + 30 in the next.
    expect(wednesday[h]).toBe(60);
    expect(wednesday[h + 1]).toBe(90);
    expect(wednesday[h + 2]).toBe(0);
    expect(wednesday.reduce((a, b) => a + b, 0)).toBe(150);
    // The open minutes of each hour add up to the day's hours, on Wednesday's row only.
    expect(courtsRow?.open[3]?.reduce((a, b) => a + b, 0)).toBe(openMinutes * activeCourts.length);
    expect(courtsRow?.open[2]?.reduce((a, b) => a + b, 0)).toBe(0);

    const perCourt = report.facilities.find((f) => f.facilityType === "court" && f.id === first.id);
    expect(perCourt).toMatchObject({ bookedMinutes: 90, openMinutes });
    // The day before is the period before.
    expect(report.previousRange).toEqual({ from: "2025-06-10", to: "2025-06-10" });
    expect(courtsRow?.previousBookedMinutes).toBe(60);
  });

  it("takes a court's closures off its open time and counts events on courts as booked", async () => {
    const DAY2 = "2025-06-18"; // a Wednesday, a week later
    const [hours] = await t.db
      .select()
      .from(operatingHours)
      .where(eq(operatingHours.dayOfWeek, dayOfWeek(DAY2)));
    if (!hours) throw new Error("the venue has no hours on a Wednesday");
    const opens = Math.ceil(minutesOf(hours.opensAt.slice(0, 5)) / 60) * 60;
    const dayOpen = minutesOf(hours.closesAt.slice(0, 5)) - minutesOf(hours.opensAt.slice(0, 5));
    const hhmm = (m: number) =>
      `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
    const activeCourts = (await t.db.select().from(courts)).filter((c) => c.isActive);
    const [first, second, third] = activeCourts;
    if (!first || !second || !third) throw new Error("three courts needed");
    // A booking on the second court, kept when a closure is laid over it afterwards.
    await t.db.insert(reservations).values({
      date: DAY2,
      startTime: hhmm(opens + 60),
      endTime: hhmm(opens + 120),
      duration: 60,
      facilityType: "court",
      courtId: second.id,
      priceCents: 1000,
      status: "confirmed",
      paymentStatus: "paid",
      customerName: "Kept",
    });
    const closure = (courtId: number) => ({
      facilityType: "court",
      facilityIds: [courtId],
      startsOn: DAY2,
      endsOn: DAY2,
      startTime: hhmm(opens + 60),
      endTime: hhmm(opens + 180),
      reason: "Resurfacing",
    });
    await t.db.insert(facilityClosures).values([closure(first.id), closure(second.id)]);
    forgetVenueRules(t.db);
    await t.db.insert(events).values({
      name: "Ladder night",
      date: DAY2,
      startTime: hhmm(opens),
      endTime: hhmm(opens + 120),
      courts: [third.id],
    });

    const report = (await (
      await manager.get(`/api/admin/reports/utilisation?from=${DAY2}&to=${DAY2}`)
    ).json()) as UtilisationReport;
    const court = (id: number) => report.facilities.find((f) => f.facilityType === "court" && f.id === id);
    // Closed two hours: open time less 120 minutes.
    expect(court(first.id)).toMatchObject({ openMinutes: dayOpen - 120, bookedMinutes: 0 });
    // Closed two hours over a kept one-hour booking: that hour was used, so it is open time.
    expect(court(second.id)).toMatchObject({ openMinutes: dayOpen - 60, bookedMinutes: 60 });
    // The event holds the third court for two hours: booked.
    expect(court(third.id)).toMatchObject({ openMinutes: dayOpen, bookedMinutes: 120 });
    expect(court(third.id)?.booked[3]?.[opens / 60]).toBe(60);
    const all = report.types.find((x) => x.facilityType === "court");
    expect(all).toMatchObject({ openMinutes: dayOpen * activeCourts.length - 180, bookedMinutes: 180 });
    expect(court(first.id)?.open[3]?.[opens / 60 + 1]).toBe(0);
  });
});
