import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminTestbed,
  adminTestbed,
  DAY,
  insertReservation,
} from "../../../tests/integration/kits/admin-test-kit";
import { errorOf } from "../../../tests/integration/kits/harness";
import type { AdminDayResponse, ManualReservationResponse, ReservationResponse } from "../../contracts/admin";
import { events, reservations } from "../db/schema";

let bed: AdminTestbed;
beforeAll(async () => {
  bed = await adminTestbed();
});
afterAll(() => bed?.t.close());

const manual = (overrides: Record<string, unknown> = {}) => ({
  facilityType: "court",
  date: DAY,
  customerName: "Walk-in: Pat Morgan",
  customerEmail: "",
  startTime: "09:00",
  duration: 60,
  facilityIds: [3, 4],
  ...overrides,
});

const day = async (date = DAY, facilityType = "court") =>
  (await (
    await bed.admin.get(`/api/admin/day?date=${date}&facilityType=${facilityType}`)
  ).json()) as AdminDayResponse;

describe("Add Free Reservation (POST /api/admin/reservations)", () => {
  it("creates one confirmed, paid, desk-unpaid, free reservation per facility and emails the customer", async () => {
    const response = await bed.admin.post(
      "/api/admin/reservations",
      manual({ customerEmail: "pat@example.test", date: "2026-11-24" }),
    );
    expect(response.status).toBe(201);
    const body = (await response.json()) as ManualReservationResponse;
    expect(body.message).toBe("2 reservation(s) created successfully");
    expect(body.reservations.map((r) => r.facilityName)).toEqual(["Court 3", "Court 4"]);
    const rows = await bed.t.db.select().from(reservations).where(eq(reservations.date, "2026-11-24"));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        status: "confirmed",
        paymentStatus: "paid",
        manualPaymentStatus: "unpaid",
        priceCents: 0,
        isAdminCreated: true,
        startTime: "09:00:00",
        endTime: "10:00:00",
        customerEmail: "pat@example.test",
      });
    }
    const emails = await bed.t.emailsTo("pat@example.test");
    expect(emails).toHaveLength(1);
    expect(emails[0]?.textBody).toContain("Court 3 · Tue, Nov 24 · 9:00 AM - 10:00 AM (60 min)");
    expect(emails[0]?.textBody).toContain("Court 4 · Tue, Nov 24 · 9:00 AM - 10:00 AM (60 min)");
  });

  it("needs no email, and sends none without one", async () => {
    const response = await bed.admin.post(
      "/api/admin/reservations",
      manual({ facilityType: "dart_bay", facilityIds: [2], duration: 30, startTime: "22:30" }),
    );
    expect(response.status).toBe(201);
    const body = (await response.json()) as ManualReservationResponse;
    expect(body.message).toBe("1 reservation(s) created successfully");
    expect(body.reservations[0]).toMatchObject({
      facilityName: "Dart Bay 2",
      customerEmail: null,
      endTime: "23:00",
    });
  });

  it.each([
    [{ customerName: "  " }, "Please enter a customer name"],
    [{ startTime: null }, "Please select a time slot"],
    [{ facilityIds: [] }, "Please select at least one court"],
    [{ customerEmail: "not-an-email" }, "Please enter a valid email address"],
    [{ duration: 45 }, "Please select a valid duration"],
    [{ duration: 210 }, "Please select a valid duration"],
    [{ startTime: "22:30", duration: 60 }, "Please select a time slot"],
    [{ startTime: "07:30" }, "Please select a time slot"],
    [{ date: "2026-11-17" }, "You cannot book for past days"],
    [{ facilityIds: [9] }, "That court is not available"],
  ])("refuses %j with the spec's message", async (overrides, message) => {
    const response = await bed.admin.post(
      "/api/admin/reservations",
      manual({ date: "2026-11-25", ...overrides }),
    );
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(message);
  });

  it("is all or none: one taken court refuses the whole request and creates nothing", async () => {
    await insertReservation(bed.t, { date: "2026-11-26", courtId: 4, startTime: "09:30", endTime: "10:30" });
    const response = await bed.admin.post("/api/admin/reservations", manual({ date: "2026-11-26" }));
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe("Court 4 is not available at 9:00 AM - 10:00 AM");
    const rows = await bed.t.db.select().from(reservations).where(eq(reservations.date, "2026-11-26"));
    expect(rows).toHaveLength(1);
  });

  it("refuses a court an event holds at that time", async () => {
    await bed.t.db.insert(events).values({
      name: "Clinic",
      date: "2026-11-27",
      startTime: "08:30",
      endTime: "09:30",
      courts: [3],
    });
    const response = await bed.admin.post("/api/admin/reservations", manual({ date: "2026-11-27" }));
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe("Court 3 is not available at 9:00 AM - 10:00 AM");
  });
});

describe("the day view and available facilities", () => {
  it("lists the day's non-cancelled reservations with facility names, and the events on courts", async () => {
    const date = "2026-11-30";
    await insertReservation(bed.t, {
      date,
      courtId: 2,
      startTime: "12:00",
      endTime: "13:00",
      customerName: "B",
    });
    await insertReservation(bed.t, {
      date,
      courtId: 1,
      startTime: "10:00",
      endTime: "11:00",
      customerName: "A",
    });
    await insertReservation(bed.t, { date, courtId: 5, status: "cancelled", customerName: "Gone" });
    await insertReservation(bed.t, {
      date,
      facilityType: "dart_bay",
      courtId: null,
      dartBayId: 1,
      customerName: "Darts",
    });
    await bed.t.db
      .insert(events)
      .values({ name: "League", date, startTime: "18:00", endTime: "20:00", courts: [7, 8] });

    const view = await day(date);
    expect(view.facilities).toHaveLength(8);
    expect(view.today).toBe("2026-11-18");
    expect(view.reservations.map((r) => [r.customerName, r.facilityName, r.displayTime])).toEqual([
      ["A", "Court 1", "10:00 AM - 11:00 AM"],
      ["B", "Court 2", "12:00 PM - 1:00 PM"],
    ]);
    expect(view.events).toEqual([
      expect.objectContaining({
        name: "League",
        courts: [7, 8],
        displayTime: "6:00 PM - 8:00 PM",
        participants: 0,
      }),
    ]);
    const bays = await day(date, "dart_bay");
    expect(bays.reservations.map((r) => r.customerName)).toEqual(["Darts"]);
    expect(bays.events).toEqual([]);
  });

  it("offers only facilities free of reservations and events, not counting the one being edited", async () => {
    const date = "2026-12-01";
    const mine = await insertReservation(bed.t, { date, courtId: 1, startTime: "18:00", endTime: "19:00" });
    await insertReservation(bed.t, { date, courtId: 2, startTime: "18:30", endTime: "19:30" });
    await bed.t.db
      .insert(events)
      .values({ name: "Open", date, startTime: "17:00", endTime: "18:30", courts: [3] });
    const query = `date=${date}&facilityType=court&startTime=18:00&duration=60`;
    const free = await (await bed.admin.get(`/api/admin/available-facilities?${query}`)).json();
    expect(free.facilities.map((f: { id: number }) => f.id)).toEqual([4, 5, 6, 7, 8]);
    const editing = await (
      await bed.admin.get(`/api/admin/available-facilities?${query}&excludeReservationId=${mine.id}`)
    ).json();
    expect(editing.facilities.map((f: { id: number }) => f.id)).toEqual([1, 4, 5, 6, 7, 8]);
  });
});

describe("reassign, edit, status and payment status", () => {
  it("reassigns to a free court", async () => {
    const row = await insertReservation(bed.t, { date: "2026-12-02" });
    const response = await bed.admin.post(`/api/admin/reservations/${row.id}/reassign`, { facilityId: 6 });
    expect(response.status).toBe(200);
    expect(((await response.json()) as ReservationResponse).reservation).toMatchObject({
      facilityId: 6,
      facilityName: "Court 6",
    });
  });

  it("refuses a taken court, an event's court and a cancelled reservation with the spec's message", async () => {
    const date = "2026-12-03";
    const row = await insertReservation(bed.t, { date, courtId: 1 });
    await insertReservation(bed.t, { date, courtId: 2, startTime: "10:30", endTime: "11:30" });
    await bed.t.db
      .insert(events)
      .values({ name: "Clinic", date, startTime: "09:00", endTime: "10:30", courts: [3] });
    for (const facilityId of [2, 3]) {
      const response = await bed.admin.post(`/api/admin/reservations/${row.id}/reassign`, { facilityId });
      expect(response.status).toBe(409);
      expect((await errorOf(response)).message).toBe("Failed to reassign. Please try again.");
    }
    const cancelled = await insertReservation(bed.t, { date, courtId: 5, status: "cancelled" });
    const refused = await bed.admin.post(`/api/admin/reservations/${cancelled.id}/reassign`, {
      facilityId: 6,
    });
    expect(refused.status).toBe(400);
    const [still] = await bed.t.db.select().from(reservations).where(eq(reservations.id, row.id));
    expect(still?.courtId).toBe(1);
  });

  it("two concurrent reassigns into the same free court: one wins, the other is refused, no overlap", async () => {
    const date = "2026-12-04";
    const a = await insertReservation(bed.t, { date, courtId: 1, customerName: "A" });
    const b = await insertReservation(bed.t, { date, courtId: 2, customerName: "B" });
    const [ra, rb] = await Promise.all([
      bed.admin.post(`/api/admin/reservations/${a.id}/reassign`, { facilityId: 7 }),
      bed.admin.post(`/api/admin/reservations/${b.id}/reassign`, { facilityId: 7 }),
    ]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    const loser = ra.status === 409 ? ra : rb;
    expect((await errorOf(loser)).message).toBe("Failed to reassign. Please try again.");
    const onSeven = await bed.t.db.select().from(reservations).where(eq(reservations.courtId, 7));
    expect(onSeven.filter((r) => r.date === date)).toHaveLength(1);
  });

  it("edits time and court, keeping the duration; refuses a time not on the list or a taken slot", async () => {
    const date = "2026-12-07";
    const row = await insertReservation(bed.t, {
      date,
      courtId: 1,
      startTime: "10:00",
      endTime: "11:30",
      duration: 90,
    });
    await insertReservation(bed.t, { date, courtId: 2, startTime: "15:00", endTime: "16:00" });
    const moved = await bed.admin.patch(`/api/admin/reservations/${row.id}`, {
      startTime: "14:00",
      facilityId: 3,
    });
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as ReservationResponse).reservation).toMatchObject({
      facilityName: "Court 3",
      startTime: "14:00",
      endTime: "15:30",
      duration: 90,
    });
    const taken = await bed.admin.patch(`/api/admin/reservations/${row.id}`, {
      startTime: "14:30",
      facilityId: 2,
    });
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).message).toBe("Court 2 is not available at 2:30 PM - 4:00 PM");
    const late = await bed.admin.patch(`/api/admin/reservations/${row.id}`, {
      startTime: "22:00",
      facilityId: 3,
    });
    expect(late.status).toBe(400);
    expect((await errorOf(late)).message).toBe("Please select a time slot");
  });

  it("sets the status and the desk payment status; a cancelled one frees its time and comes back only if free", async () => {
    const date = "2026-12-08";
    const row = await insertReservation(bed.t, { date, courtId: 1, manualPaymentStatus: "unpaid" });
    const paid = await bed.admin.patch(`/api/admin/reservations/${row.id}/payment-status`, {
      manualPaymentStatus: "paid",
    });
    expect(((await paid.json()) as ReservationResponse).reservation.manualPaymentStatus).toBe("paid");
    const cancelled = await bed.admin.patch(`/api/admin/reservations/${row.id}/status`, {
      status: "cancelled",
    });
    expect(((await cancelled.json()) as ReservationResponse).reservation.status).toBe("cancelled");
    expect((await day(date)).reservations).toHaveLength(0);

    await insertReservation(bed.t, { date, courtId: 1, customerName: "Took it" });
    const restore = await bed.admin.patch(`/api/admin/reservations/${row.id}/status`, {
      status: "confirmed",
    });
    expect(restore.status).toBe(409);
    const bad = await bed.admin.patch(`/api/admin/reservations/${row.id}/status`, { status: "done" });
    expect(bad.status).toBe(400);
    const missing = await bed.admin.patch(
      "/api/admin/reservations/00000000-0000-4000-8000-000000000000/payment-status",
      { manualPaymentStatus: "paid" },
    );
    expect(missing.status).toBe(404);
  });

  it("counts live reservations and every member on the dashboard", async () => {
    await bed.t.createMember();
    await bed.t.createMember({ isFrozen: true });
    const stats = await (await bed.admin.get("/api/admin/stats")).json();
    const live = (await bed.t.db.select().from(reservations)).filter((r) => r.status !== "cancelled").length;
    expect(stats).toEqual({ totalReservations: live, activeMembers: 2 });
  });
});
