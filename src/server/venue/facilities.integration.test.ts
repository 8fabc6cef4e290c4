import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminTestbed,
  adminTestbed,
  DAY,
  insertReservation,
} from "../../../tests/integration/kits/admin-test-kit";
import { createHoldOk, holdBody, item } from "../../../tests/integration/kits/booking-test-kit";
import { errorOf } from "../../../tests/integration/kits/harness";
import type { AdminDayResponse } from "../../contracts/admin";
import type { AvailabilityResponse } from "../../contracts/booking";
import type { AvailableCourtsResponse } from "../../contracts/events";
import type { FacilitiesResponse } from "../../contracts/venue";
import { auditLog, courts } from "../db/schema";

// Issue 31 item 1: staff add, rename, reorder, deactivate and reactivate courts and bays; the
// booking screen, availability, events and the dashboard follow the active ones.
let bed: AdminTestbed;
beforeAll(async () => {
  bed = await adminTestbed();
});
afterAll(() => bed?.t.close());

const list = async () => (await (await bed.admin.get("/api/admin/facilities")).json()) as FacilitiesResponse;
const availability = async (facilityType = "court") =>
  (await (
    await bed.t.request(`/api/booking/availability?facilityType=${facilityType}&date=${DAY}&duration=60`)
  ).json()) as AvailabilityResponse;
const freeAt = async (startTime: string, facilityType = "court") =>
  (await availability(facilityType)).slots.find((s) => s.startTime === startTime)?.availableFacilities;
const lastAudit = async () => (await bed.t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

describe("courts and dart bays in Settings › Courts", () => {
  it("lists the spec's 8 courts and 4 bays, active, in order", async () => {
    const { courts: c, dartBays } = await list();
    expect(c.map((f) => f.name)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => `Court ${n}`));
    expect(dartBays.map((f) => f.name)).toEqual(["Dart Bay 1", "Dart Bay 2", "Dart Bay 3", "Dart Bay 4"]);
    expect(c.every((f) => f.isActive)).toBe(true);
  });

  it("adds a ninth court with the next id, bookable at once, and audits it", async () => {
    expect(await freeAt("10:00")).toBe(8);
    const added = await bed.admin.post("/api/admin/facilities", { facilityType: "court", name: "Court 9" });
    expect(added.status).toBe(201);
    const ninth = ((await added.json()) as FacilitiesResponse).courts.at(-1);
    expect(ninth).toMatchObject({ id: 9, name: "Court 9", isActive: true });
    expect(await freeAt("10:00")).toBe(9);
    const audit = await lastAudit();
    expect(audit?.action).toBe("add_facility");
    expect(audit?.details).toMatchObject({ before: null, after: { id: 9, name: "Court 9" } });
    // Events offer it too.
    const offered = (await (
      await bed.admin.get(`/api/admin/events/available-courts?date=${DAY}&startTime=10:00&endTime=11:00`)
    ).json()) as AvailableCourtsResponse;
    expect(offered.courts).toContain(9);
    // A fifth dart bay likewise.
    await bed.admin.post("/api/admin/facilities", { facilityType: "dart_bay", name: "Oche 5" });
    expect(await freeAt("10:00", "dart_bay")).toBe(5);
  });

  it("refuses a name already used (any case), with nothing changed", async () => {
    const before = await list();
    for (const [call, field] of [
      [() => bed.admin.post("/api/admin/facilities", { facilityType: "court", name: " court 3 " }), "name"],
      [() => bed.admin.patch("/api/admin/facilities/court/4", { name: "COURT 3" }), "name"],
    ] as const) {
      const refused = await call();
      expect(refused.status).toBe(409);
      const error = (await refused.json()) as { error: { message: string; field?: string } };
      expect(error.error.message).toMatch(/^A court named "(court 3|COURT 3)" already exists$/);
      expect(error.error.field).toBe(field);
    }
    expect(await list()).toEqual(before);
  });

  it("renames a court (id unchanged) and the dashboard shows the new name; audited with before and after", async () => {
    const renamed = await bed.admin.patch("/api/admin/facilities/court/3", { name: "Center Court" });
    expect(renamed.status).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: "update_facility",
      targetId: "court:3",
      details: { before: { name: "Court 3" }, after: { name: "Center Court" } },
    });
    const day = (await (
      await bed.admin.get(`/api/admin/day?date=${DAY}&facilityType=court`)
    ).json()) as AdminDayResponse;
    expect(day.facilities.find((f) => f.id === 3)?.name).toBe("Center Court");
  });

  it("reorders: the dashboard's rows follow; an order missing one is refused", async () => {
    const ids = (await list()).courts.map((f) => f.id);
    const wanted = [9, ...ids.filter((id) => id !== 9)];
    expect((await bed.admin.put("/api/admin/facilities/court/order", { ids: wanted })).status).toBe(200);
    const day = (await (
      await bed.admin.get(`/api/admin/day?date=${DAY}&facilityType=court`)
    ).json()) as AdminDayResponse;
    expect(day.facilities.map((f) => f.id)).toEqual(wanted);
    const refused = await bed.admin.put("/api/admin/facilities/court/order", { ids: wanted.slice(1) });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).message).toBe("The order must list every court exactly once");
  });

  it("deactivates a court: no longer offered to players or events; reactivates it", async () => {
    expect((await bed.admin.patch("/api/admin/facilities/court/9", { isActive: false })).status).toBe(200);
    expect(await freeAt("10:00")).toBe(8);
    const event = await bed.admin.post("/api/admin/events", {
      name: "Ladder night",
      type: "ladder",
      date: DAY,
      startTime: "18:00",
      endTime: "20:00",
      courts: [9],
      maxParticipants: 8,
      memberPriceCents: 0,
      nonMemberPriceCents: 0,
      isPrivate: false,
      isPartnered: false,
      hideParticipants: false,
      skillLevels: [],
      description: "",
      recurrence: null,
    });
    expect(event.status).toBe(400);
    expect((await errorOf(event)).message).toBe("Choose among the venue's active courts");
    expect((await bed.admin.patch("/api/admin/facilities/court/9", { isActive: true })).status).toBe(200);
    expect(await freeAt("10:00")).toBe(9);
  });

  it("refuses to deactivate one with bookings ahead, and the last active one", async () => {
    await insertReservation(bed.t, { courtId: 5, date: DAY, startTime: "12:00", endTime: "13:00" });
    const busy = await bed.admin.patch("/api/admin/facilities/court/5", { isActive: false });
    expect(busy.status).toBe(409);
    expect((await errorOf(busy)).message).toBe(
      "Court 5 still has 1 booking to come: move or cancel the booking first, then deactivate the court.",
    );
    // A booking that ended earlier today is past: it holds nothing up (the clock is 9:00 AM).
    await insertReservation(bed.t, { courtId: 6, date: "2026-11-18", startTime: "07:00", endTime: "08:00" });
    expect((await bed.admin.patch("/api/admin/facilities/court/6", { isActive: false })).status).toBe(200);
    expect((await bed.admin.patch("/api/admin/facilities/court/6", { isActive: true })).status).toBe(200);

    const bays = (await list()).dartBays;
    for (const bay of bays.slice(1)) {
      expect(
        (await bed.admin.patch(`/api/admin/facilities/dart_bay/${bay.id}`, { isActive: false })).status,
      ).toBe(200);
    }
    const last = await bed.admin.patch(`/api/admin/facilities/dart_bay/${bays[0]?.id}`, { isActive: false });
    expect(last.status).toBe(409);
    expect((await errorOf(last)).message).toBe("At least one dart bay must stay active");
    // One bay left: a hold for two bays at one time gets one, and the second is refused.
    const hold = await createHoldOk(
      bed.t.client(),
      holdBody({ items: [item({ facilityType: "dart_bay", startTime: "15:00", duration: 60 })] }),
    );
    expect(hold.holdId).toBeTruthy();
    expect(await freeAt("15:00", "dart_bay")).toBe(0);
    const ids = (await bed.t.db.select({ id: courts.id }).from(courts))
      .map((c) => c.id)
      .sort((a, b) => a - b);
    expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
