import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createTestApp,
  failureState,
  queryRows,
  sqlState,
  type TestApp,
} from "../../../tests/integration/kits/harness";
import { present } from "../lib/present";
import { reservations } from "./schema";

// DECISIONS.md "No double booking, ever": the database is the last line (drizzle/0001_constraints.sql).
// Whatever the booking code does, two live reservations of one court or dart bay cannot overlap.

const EXCLUSION_VIOLATION = "23P01";
const CHECK_VIOLATION = "23514";

type Row = {
  facility: "court" | "dart_bay";
  id: number;
  start: string;
  end: string;
  date?: string;
  status?: string;
};

describe("reservation constraints", () => {
  // One database for the file: these tests touch only the reservations table, emptied before each.
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.seedFacilities();
  });
  beforeEach(async () => {
    await t.db.delete(reservations);
  });
  afterAll(async () => {
    await t?.close();
  });

  const insert = (row: Row) => {
    const date = row.date ?? "2026-06-02";
    const status = row.status ?? "confirmed";
    const courtId = row.facility === "court" ? row.id : null;
    const dartBayId = row.facility === "dart_bay" ? row.id : null;
    return queryRows<{ id: string }>(
      t.db,
      sql`
      insert into reservations
        (date, facility_type, court_id, dart_bay_id, duration, start_time, end_time, status, payment_status, customer_name)
      values
        (${date}, ${row.facility}, ${courtId}, ${dartBayId}, 60, ${row.start}, ${row.end}, ${status}, 'paid', 'Jordan Park')
      returning id`,
    );
  };

  const liveCount = async () => {
    const [row] = await t.db.select({ n: count() }).from(reservations).where(sql`status <> 'cancelled'`);
    return row?.n ?? 0;
  };

  describe.each([
    { facility: "court", id: 3, other: 4 },
    { facility: "dart_bay", id: 2, other: 3 },
  ] as const)("on a $facility", ({ facility, id, other }) => {
    it.each([
      { case: "a later start inside it", start: "10:30", end: "11:30" },
      { case: "an earlier start running into it", start: "09:30", end: "10:30" },
      { case: "the same times", start: "10:00", end: "11:00" },
      { case: "a longer booking around it", start: "09:00", end: "12:00" },
      { case: "a shorter booking within it", start: "10:15", end: "10:45" },
    ])("refuses $case", async ({ start, end }) => {
      await insert({ facility, id, start: "10:00", end: "11:00" });

      expect(await failureState(insert({ facility, id, start, end }))).toBe(EXCLUSION_VIOLATION);
      expect(await liveCount()).toBe(1);
    });

    it("allows back-to-back bookings (10:00–11:00, then 11:00–12:00)", async () => {
      await insert({ facility, id, start: "10:00", end: "11:00" });
      await insert({ facility, id, start: "11:00", end: "12:00" });
      await insert({ facility, id, start: "09:00", end: "10:00" });

      expect(await liveCount()).toBe(3);
    });

    it("allows the same time on another unit or another day", async () => {
      await insert({ facility, id, start: "10:00", end: "11:00" });
      await insert({ facility, id: other, start: "10:00", end: "11:00" });
      await insert({ facility, id, start: "10:00", end: "11:00", date: "2026-06-03" });

      expect(await liveCount()).toBe(3);
    });

    it("lets a cancelled booking free its time, and refuses to revive it into a clash", async () => {
      const [cancelled] = await insert({ facility, id, start: "10:00", end: "11:00", status: "cancelled" });
      await insert({ facility, id, start: "10:00", end: "11:00", status: "pending" });

      const revive = t.db.execute(
        sql`update reservations set status = 'confirmed' where id = ${present(cancelled).id}`,
      );

      expect(await failureState(revive)).toBe(EXCLUSION_VIOLATION);
      expect(await liveCount()).toBe(1);
    });

    it("lets exactly one of many simultaneous bookings of one slot through", async () => {
      const attempts = await Promise.allSettled(
        Array.from({ length: 6 }, () => insert({ facility, id, start: "18:00", end: "19:00" })),
      );

      expect(attempts.filter((a) => a.status === "fulfilled")).toHaveLength(1);
      const refusals = attempts.flatMap((a) => (a.status === "rejected" ? [sqlState(a.reason)] : []));
      expect(refusals).toEqual(Array(5).fill(EXCLUSION_VIOLATION));
      expect(await liveCount()).toBe(1);
    });
  });

  it("does not let a court booking block the dart bay with the same number", async () => {
    await insert({ facility: "court", id: 1, start: "10:00", end: "11:00" });
    await insert({ facility: "dart_bay", id: 1, start: "10:00", end: "11:00" });

    expect(await liveCount()).toBe(2);
  });

  it.each([
    {
      case: "an unknown status",
      row: { facility: "court", id: 1, start: "10:00", end: "11:00", status: "bogus" },
    },
    { case: "an end before the start", row: { facility: "court", id: 1, start: "11:00", end: "10:00" } },
  ] as const)("rejects $case", async ({ row }) => {
    expect(await failureState(insert(row))).toBe(CHECK_VIOLATION);
    expect(await liveCount()).toBe(0);
  });
});
