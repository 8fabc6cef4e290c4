import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type AdminTestbed,
  adminTestbed,
  DAY,
  insertReservation,
  NOW,
} from "../../../tests/integration/kits/admin-test-kit";
import type { TestClient } from "../../../tests/integration/kits/harness";
import { CHECK_IN_MESSAGES } from "../../domain/check-in";
import { venueInstant } from "../../domain/venue-time";
import { auditLog, reservations } from "../db/schema";
import { present } from "../lib/present";

// Issue 33 item 2: the front desk takes back a no-show (or a check-in) marked by mistake: the
// booking is expected again, audited with who, before and after; anything else is refused.

let bed: AdminTestbed;
let desk: TestClient;
let deskId: string;

const MONDAY_10AM = venueInstant(DAY, "10:00");

beforeAll(async () => {
  bed = await adminTestbed();
  const person = await bed.t.createAdmin({ firstName: "Undo", staffRole: "front_desk" });
  deskId = person.id;
  desk = await bed.t.signIn(person.email, person.password);
});
afterAll(() => bed?.t.close());
beforeEach(() => bed.clock.set(NOW));

const errorText = async (response: Response) =>
  ((await response.json()) as { error: { message: string } }).error.message;
const row = async (id: string) =>
  present((await bed.t.db.select().from(reservations).where(eq(reservations.id, id)))[0]);
const auditRows = (targetId: string) =>
  bed.t.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.id);

describe("undo a no-show", () => {
  it("reverts a no-show to an expected, confirmed booking, audited with before and after, then checkable in", async () => {
    const booked = await insertReservation(bed.t, {
      courtId: 3,
      startTime: "09:00",
      endTime: "10:00",
      customerEmail: "mistaken@example.test",
    });
    bed.clock.set(venueInstant(DAY, "09:20"));
    expect((await desk.post(`/api/admin/reservations/${booked.id}/no-show`)).status).toBe(200);

    bed.clock.set(venueInstant(DAY, "09:25"));
    const undone = await desk.post(`/api/admin/reservations/${booked.id}/undo-no-show`);
    expect(undone.status).toBe(200);
    expect(await undone.json()).toEqual({
      id: booked.id,
      checkedInAt: null,
      noShowAt: null,
      message: `No-show undone: ${booked.customerName}`,
    });
    expect(await row(booked.id)).toMatchObject({
      status: "confirmed",
      noShowAt: null,
      noShowBy: null,
      checkedInAt: null,
      updatedAt: venueInstant(DAY, "09:25"),
    });
    const entries = await auditRows(booked.id);
    expect(entries.map((e) => e.action)).toEqual(["mark_no_show", "undo_no_show"]);
    expect(entries[1]).toMatchObject({ actorUserId: deskId, outcome: "success", targetType: "reservation" });
    expect(entries[1]?.details).toMatchObject({
      before: { attendance: "no-show" },
      after: { attendance: "expected" },
    });

    // The customer's count drops, and the player can be checked in after all.
    const day = await (await desk.get(`/api/admin/day?date=${DAY}&facilityType=court`)).json();
    const listed = (day as { reservations: Array<{ id: string; customerNoShows: number }> }).reservations;
    expect(listed.find((r) => r.id === booked.id)?.customerNoShows).toBe(0);
    expect((await desk.post(`/api/admin/reservations/${booked.id}/check-in`)).status).toBe(200);
  });

  it("is refused with a clear message when the booking is not a no-show, and changes nothing", async () => {
    const expected = await insertReservation(bed.t, { courtId: 4, startTime: "08:00", endTime: "09:00" });
    bed.clock.set(MONDAY_10AM);
    const before = await row(expected.id);
    const refused = await desk.post(`/api/admin/reservations/${expected.id}/undo-no-show`);
    expect(refused.status).toBe(409);
    expect(await errorText(refused)).toBe(CHECK_IN_MESSAGES.notNoShow);
    expect(await row(expected.id)).toEqual(before);
    expect(await auditRows(expected.id)).toHaveLength(0);

    // A checked-in booking is not a no-show either.
    expect((await desk.post(`/api/admin/reservations/${expected.id}/check-in`)).status).toBe(200);
    const checked = await desk.post(`/api/admin/reservations/${expected.id}/undo-no-show`);
    expect(checked.status).toBe(409);
    expect(await row(expected.id)).toMatchObject({ checkedInAt: MONDAY_10AM, checkedInBy: deskId });

    const unknown = await desk.post(
      "/api/admin/reservations/00000000-0000-4000-8000-000000000000/undo-no-show",
    );
    expect(unknown.status).toBe(404);
  });

  it("undoes a check-in the same way, and refuses one that is not checked in", async () => {
    const booked = await insertReservation(bed.t, { courtId: 5, startTime: "11:00", endTime: "12:00" });
    bed.clock.set(MONDAY_10AM);
    const notYet = await desk.post(`/api/admin/reservations/${booked.id}/undo-check-in`);
    expect(notYet.status).toBe(409);
    expect(await errorText(notYet)).toBe(CHECK_IN_MESSAGES.notCheckedIn);

    expect((await desk.post(`/api/admin/reservations/${booked.id}/check-in`)).status).toBe(200);
    const undone = await desk.post(`/api/admin/reservations/${booked.id}/undo-check-in`);
    expect(undone.status).toBe(200);
    expect(await row(booked.id)).toMatchObject({ checkedInAt: null, checkedInBy: null, noShowAt: null });
    const [, entry] = await auditRows(booked.id);
    expect(entry).toMatchObject({ action: "undo_check_in", actorUserId: deskId });
    expect(entry?.details).toMatchObject({
      before: { attendance: "checked in" },
      after: { attendance: "expected" },
    });
    // Checked in again once the player is really here.
    expect((await desk.post(`/api/admin/reservations/${booked.id}/check-in`)).status).toBe(200);
  });
});
