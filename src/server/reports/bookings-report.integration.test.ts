import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../../tests/integration/kits/harness";
import type { BookingsReport } from "../../contracts/reports";
import { courts, reservations } from "../db/schema";

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
});
