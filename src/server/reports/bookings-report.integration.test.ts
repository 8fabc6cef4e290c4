import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  queryRows,
  type TestApp,
  type TestClient,
} from "../../../tests/integration/kits/harness";
import type { BookingsReport } from "../../contracts/reports";
import { venueInstant } from "../../domain/venue-time";
import { courts, reservations } from "../db/schema";
import { bookingsReport } from "./bookings-report";

// Issue 33 item 3: bookings by channel and no-shows, counted as the database holds them.

describe("bookings report (issue 33 item 3)", () => {
  let t: TestApp;
  let owner: TestClient;

  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date("2025-06-20T17:00:00Z") });
    await t.seedFacilities();
    const o = await t.createAdmin({ staffRole: "owner" });
    owner = await t.signIn(o.email, o.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  const storedDays = async (from: string, to: string) =>
    (
      await queryRows<{ day: string }>(
        t.db,
        sql`select day::text as day from report_booking_days where day >= ${from}::date and day <= ${to}::date order by day`,
      )
    ).map((r) => r.day);

  it("counts each channel, cancellations, check-ins and no-shows of started bookings", async () => {
    const [court] = await t.db.select().from(courts).limit(1);
    let hour = 8;
    const row = (over: Partial<typeof reservations.$inferInsert>) => {
      hour += 1;
      return {
        date: "2025-06-19",
        startTime: `${String(hour).padStart(2, "0")}:00`,
        endTime: `${String(hour).padStart(2, "0")}:30`,
        duration: 30,
        facilityType: "court",
        courtId: court?.id,
        status: "confirmed",
        paymentStatus: "paid",
        customerName: "Counted",
        ...over,
      };
    };
    const at = new Date("2025-06-19T18:00:00Z");
    await t.db.insert(reservations).values([
      row({}),
      row({ checkedInAt: at }),
      row({ noShowAt: at }),
      row({ isFreeMemberBooking: true, isMember: true }),
      row({ isAdminCreated: true, manualPaymentStatus: "paid" }),
      row({ isAdminCreated: true, manualPaymentStatus: "unpaid", noShowAt: at }),
      row({ status: "cancelled" }),
      row({ status: "cancelled", cancelReason: "hold_expired" }), // never a booking
      row({ date: "2025-06-25" }), // not started yet (and outside the range)
      row({ date: "2025-06-12" }), // the period before
    ]);
    const response = await owner.get("/api/admin/reports/bookings?from=2025-06-13&to=2025-06-19");
    expect(response.status).toBe(200);
    const report = (await response.json()) as BookingsReport;
    const by = Object.fromEntries(report.channels.map((c) => [c.channel, c]));
    expect(by.online).toEqual({
      channel: "online",
      bookings: 3,
      cancelled: 1,
      started: 3,
      checkedIn: 1,
      noShows: 1,
    });
    expect(by.freeMember?.bookings).toBe(1);
    expect(by.desk?.bookings).toBe(1);
    expect(by.staff).toMatchObject({ bookings: 1, noShows: 1, started: 1 });
    expect(report.previousChannels.find((c) => c.channel === "online")?.bookings).toBe(1);
  });

  it("stores closed days, reads them back the same, and forgets a day when one of its bookings changes", async () => {
    const [court] = await t.db.select().from(courts).limit(1);
    const booking = (
      date: string,
      startTime: string,
      over: Partial<typeof reservations.$inferInsert> = {},
    ) => ({
      date,
      startTime,
      endTime: startTime.replace(":00", ":30"),
      duration: 30,
      facilityType: "court",
      courtId: court?.id,
      status: "confirmed",
      paymentStatus: "paid",
      customerName: "Stored",
      ...over,
    });
    const inserted = await t.db
      .insert(reservations)
      .values([
        booking("2025-05-10", "10:00"),
        booking("2025-05-10", "11:00"),
        booking("2025-05-10", "12:00", { isAdminCreated: true, manualPaymentStatus: "paid" }),
        booking("2025-05-04", "10:00", { status: "cancelled" }),
        booking("2025-05-03", "10:00"), // the period before
      ])
      .returning({ id: reservations.id });
    const read = async () => {
      const response = await owner.get("/api/admin/reports/bookings?from=2025-05-04&to=2025-05-10");
      expect(response.status).toBe(200);
      return (await response.json()) as BookingsReport;
    };
    const online = (report: BookingsReport) => report.channels.find((c) => c.channel === "online");

    const computed = await read();
    expect(online(computed)).toEqual({
      channel: "online",
      bookings: 2,
      cancelled: 1,
      started: 2,
      checkedIn: 0,
      noShows: 0,
    });
    expect(computed.channels.find((c) => c.channel === "desk")?.bookings).toBe(1);
    expect(computed.previousChannels.find((c) => c.channel === "online")?.bookings).toBe(1);
    // The range and the period before, closed by the app's clock and the database's: all stored,
    // a day without bookings too.
    expect(await storedDays("2025-04-27", "2025-05-10")).toHaveLength(14);
    expect(await read()).toEqual(computed);

    // A check-in and a cancellation on a stored day are in the next report.
    const [first, second] = inserted;
    await t.db
      .update(reservations)
      .set({ checkedInAt: new Date("2025-05-10T15:00:00Z") })
      .where(eq(reservations.id, first?.id ?? ""));
    await t.db
      .update(reservations)
      .set({ status: "cancelled" })
      .where(eq(reservations.id, second?.id ?? ""));
    expect(online(await read())).toEqual({
      channel: "online",
      bookings: 1,
      cancelled: 2,
      started: 1,
      checkedIn: 1,
      noShows: 0,
    });
  });

  it("stores only days before the report's venue day, so started follows the report's clock", async () => {
    // 2 November 2025: the venue's clocks go back an hour (a 25-hour day).
    const [court] = await t.db.select().from(courts).limit(1);
    await t.db.insert(reservations).values({
      date: "2025-11-02",
      startTime: "23:00",
      endTime: "23:30",
      duration: 30,
      facilityType: "court",
      courtId: court?.id,
      status: "confirmed",
      paymentStatus: "paid",
      customerName: "Late",
    });
    const range = { from: "2025-10-27", to: "2025-11-02" };
    const online = async (now: Date) =>
      (await bookingsReport(t.db, range, now)).channels.find((c) => c.channel === "online");

    expect(await online(venueInstant("2025-11-02", "22:59"))).toMatchObject({ bookings: 1, started: 0 });
    expect(await online(venueInstant("2025-11-02", "23:00"))).toMatchObject({ bookings: 1, started: 1 });
    expect(await storedDays("2025-10-20", "2025-11-02")).toEqual(
      Array.from({ length: 13 }, (_, i) => (i < 12 ? `2025-10-${20 + i}` : "2025-11-01")),
    );
    expect(await online(venueInstant("2025-11-03", "00:00"))).toMatchObject({ bookings: 1, started: 1 });
    expect(await storedDays("2025-11-02", "2025-11-02")).toEqual(["2025-11-02"]);
    // A clock before that day again does not read the stored day as started.
    expect(await online(venueInstant("2025-11-02", "22:59"))).toMatchObject({ bookings: 1, started: 0 });
  });
});
