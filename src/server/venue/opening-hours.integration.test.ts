import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminTestbed, adminTestbed, DAY } from "../../../tests/integration/kits/admin-test-kit";
import { holdBody, item } from "../../../tests/integration/kits/booking-test-kit";
import { errorOf, failureState } from "../../../tests/integration/kits/harness";
import type { AdminDayResponse } from "../../contracts/admin";
import type { AvailabilityResponse } from "../../contracts/booking";
import type { VenueSettings } from "../../contracts/settings";
import type { OpeningHoursBody } from "../../contracts/venue";
import { auditLog, facilityClosures, operatingHours, reservations, specialDays } from "../db/schema";

// Issue 31 items 2 and 3: weekly hours staff set, special days and closures, followed by the
// footer, the booking screen, the dashboard and — the last word — the database.
let bed: AdminTestbed;
beforeAll(async () => {
  bed = await adminTestbed();
});
afterAll(() => bed?.t.close());

const TUESDAY = "2026-11-24";
const WEDNESDAY = "2026-11-25";
const THANKSGIVING = "2026-11-26";

const hours = async () => (await (await bed.admin.get("/api/admin/hours")).json()) as OpeningHoursBody;
const availability = async (date: string) =>
  (await (
    await bed.t.request(`/api/booking/availability?facilityType=court&date=${date}&duration=60`)
  ).json()) as AvailabilityResponse;

describe("opening hours per weekday", () => {
  it("starts with the spec's hours", async () => {
    const { days } = await hours();
    expect(days.find((d) => d.dayOfWeek === 0)).toEqual({
      dayOfWeek: 0,
      closed: false,
      opensAt: "10:30",
      closesAt: "21:00",
    });
    expect(days.find((d) => d.dayOfWeek === 5)).toMatchObject({ opensAt: "09:00", closesAt: "22:00" });
  });

  it("refuses a closing time before the opening, changing nothing", async () => {
    const before = await bed.t.db.select().from(operatingHours);
    const { days } = await hours();
    const bad = days.map((d) => (d.dayOfWeek === 2 ? { ...d, opensAt: "18:00", closesAt: "08:00" } : d));
    const refused = await bed.admin.put("/api/admin/hours", { days: bad });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).message).toBe("Tuesday: the closing time must be after the opening time");
    expect(await bed.t.db.select().from(operatingHours)).toEqual(before);
  });

  it("saves: the footer, the booking screen and the dashboard follow; audited with before and after", async () => {
    const { days } = await hours();
    const next = days.map((d) =>
      d.dayOfWeek === 1
        ? { ...d, opensAt: "07:00", closesAt: "23:00" }
        : d.dayOfWeek === 2
          ? { ...d, closed: true }
          : d,
    );
    expect((await bed.admin.put("/api/admin/hours", { days: next })).status).toBe(200);
    const monday = await availability(DAY);
    expect(monday.slots[0]?.startTime).toBe("07:00");
    expect(monday.slots.at(-1)?.endTime).toBe("23:00");
    expect((await availability(TUESDAY)).slots).toEqual([]);
    const day = (await (
      await bed.admin.get(`/api/admin/day?date=${DAY}&facilityType=court`)
    ).json()) as AdminDayResponse;
    expect(day.hours).toEqual({ opensAt: "07:00", closesAt: "23:00" });
    const settings = (await (await bed.t.request("/api/settings")).json()) as VenueSettings;
    expect(settings.hours[0]).toEqual({ label: "Monday", hours: "7:00 AM–11:00 PM" });
    expect(settings.hours.map((h) => h.label)).not.toContain("Tuesday");
    const [audit] = await bed.t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit?.action).toBe("update_opening_hours");
    expect(audit?.details).toMatchObject({
      before: { 1: { opensAt: "09:00", closesAt: "21:00" }, 2: { opensAt: "09:00" } },
      after: { 1: { opensAt: "07:00", closesAt: "23:00" }, 2: null },
    });
    // Back to the spec's week for the tests below.
    expect((await bed.admin.put("/api/admin/hours", { days })).status).toBe(200);
  });
});

describe("special days and closures block time like a booking, with the reason players see", () => {
  it("a closed holiday has no slots and says why; the database refuses a booking on it", async () => {
    await bed.t.db
      .insert(specialDays)
      .values({ startsOn: THANKSGIVING, endsOn: THANKSGIVING, reason: "Closed for Thanksgiving" });
    await bed.t.deps.schedule.changed();
    const day = await availability(THANKSGIVING);
    expect(day.slots).toEqual([]);
    expect(day.notices).toEqual(["Closed for Thanksgiving"]);
    const hold = await bed.t
      .client()
      .post("/api/booking/holds", holdBody({ items: [item({ date: THANKSGIVING })] }));
    expect(hold.status).toBeGreaterThanOrEqual(400);
  });

  it("a court closure takes that court out of the day's counts, and a hold on it is refused by the trigger", async () => {
    await bed.t.db.insert(facilityClosures).values({
      facilityType: "court",
      facilityIds: [1, 2, 3, 4, 5, 6, 7],
      startsOn: WEDNESDAY,
      endsOn: WEDNESDAY,
      startTime: "09:00",
      endTime: "12:00",
      reason: "resurfacing",
    });
    await bed.t.deps.schedule.changed();
    const day = await availability(WEDNESDAY);
    expect(day.slots.find((s) => s.startTime === "10:00")?.availableFacilities).toBe(1);
    expect(day.slots.find((s) => s.startTime === "12:00")?.availableFacilities).toBe(8);
    expect(day.notices).toEqual([
      "Court 1, Court 2, Court 3, Court 4, Court 5, Court 6, Court 7 closed 9:00 AM–12:00 PM: resurfacing",
    ]);
    const first = await bed.t
      .client()
      .post(
        "/api/booking/holds",
        holdBody({ items: [item({ date: WEDNESDAY, startTime: "10:00", duration: 60 })] }),
      );
    expect(first.status).toBe(201);
    const second = await bed.t
      .client()
      .post(
        "/api/booking/holds",
        holdBody({ items: [item({ date: WEDNESDAY, startTime: "10:00", duration: 60 })] }),
      );
    expect(second.status).toBe(409);
    // The database's own word, whatever the application checked: inside the closure, refused.
    const row = {
      date: WEDNESDAY,
      facilityType: "court",
      courtId: 2,
      duration: 60,
      startTime: "11:30",
      endTime: "12:30",
      status: "confirmed",
      paymentStatus: "paid",
      customerName: "Staff Booking",
    };
    expect(await failureState(bed.t.db.insert(reservations).values(row))).toBe("23P01");
    expect(await failureState(bed.t.db.insert(reservations).values({ ...row, date: THANKSGIVING }))).toBe(
      "23P01",
    );
    await bed.t.db.insert(reservations).values({ ...row, startTime: "12:00", endTime: "13:00" });
  });
});
