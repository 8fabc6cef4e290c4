import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminTestbed,
  adminTestbed,
  insertReservation,
} from "../../../tests/integration/kits/admin-test-kit";
import { errorOf } from "../../../tests/integration/kits/harness";
import type { AdminDayResponse, ReservationResponse } from "../../contracts/admin";

// Issue 14: the edit dialog offers only the venue's hours that day (9 AM - 9 PM on a Monday of the
// seeded hours), and the server holds a new start time to them.
let bed: AdminTestbed;
beforeAll(async () => {
  bed = await adminTestbed();
});
afterAll(() => bed?.t.close());

const MONDAY = "2026-11-30";
const SUNDAY = "2026-11-29";

const edit = (id: string, startTime: string, facilityId: number) =>
  bed.admin.patch(`/api/admin/reservations/${id}`, { startTime, facilityId });

describe("admin edit within the venue's hours", () => {
  it("the day's answer carries the hours the dialog offers", async () => {
    const day = async (date: string) =>
      (await (
        await bed.admin.get(`/api/admin/day?date=${date}&facilityType=court`)
      ).json()) as AdminDayResponse;
    expect((await day(MONDAY)).hours).toEqual({ opensAt: "09:00", closesAt: "21:00" });
    expect((await day(SUNDAY)).hours).toEqual({ opensAt: "10:30", closesAt: "21:00" });
  });

  it("refuses a new start outside the hours with the hours in words, and takes one inside", async () => {
    const row = await insertReservation(bed.t, { date: MONDAY, courtId: 1 });
    for (const startTime of ["08:00", "20:30", "22:00", "22:30"]) {
      const refused = await edit(row.id, startTime, 1);
      expect(refused.status).toBe(400);
      expect((await errorOf(refused)).message).toBe(
        startTime === "22:30"
          ? "Please select a time slot"
          : "Please select a time within the venue's hours (9:00 AM - 9:00 PM)",
      );
    }
    const early = await insertReservation(bed.t, {
      date: SUNDAY,
      courtId: 2,
      startTime: "12:00",
      endTime: "13:00",
    });
    const beforeOpening = await edit(early.id, "10:00", 2);
    expect((await errorOf(beforeOpening)).message).toBe(
      "Please select a time within the venue's hours (10:30 AM - 9:00 PM)",
    );
    const moved = await edit(row.id, "20:00", 1);
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as ReservationResponse).reservation.displayTime).toBe("8:00 PM - 9:00 PM");
  });

  it("a booking staff made outside the hours can still change court at its own time", async () => {
    const row = await insertReservation(bed.t, {
      date: MONDAY,
      courtId: 3,
      startTime: "08:00",
      endTime: "09:00",
    });
    const moved = await edit(row.id, "08:00", 4);
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as ReservationResponse).reservation.facilityName).toBe("Court 4");
  });
});
