import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createHoldOk,
  HOLD_MS,
  holdBody,
  item,
  MONDAY,
  NOW,
} from "../../../../tests/integration/kits/booking-test-kit";
import {
  createTestApp,
  queryRows,
  type TestApp,
  testClock,
} from "../../../../tests/integration/kits/harness";
import type { FacilityType } from "../../../domain/durations";
import { loadSlotContext, slotContextFromRow, slotContextSql } from "./slot-context";

// The availability lookup runs as a named prepared statement, rendered once with placeholders
// (issue 16). It must read exactly what the one-off statement with the values in it reads — the
// same statement pgbench is given as the floor, and the one a hold embeds in its own read.

const clock = testClock(NOW);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await t.seedFacilities();
  await createHoldOk(t.client(), holdBody({ items: [item({ startTime: "17:00", duration: 90 })] }));
  await createHoldOk(
    t.client(),
    holdBody({ items: [item({ facilityType: "dart_bay", startTime: "18:00", duration: 60 })] }),
  );
});
afterAll(() => t?.close());

async function oneOff(facilityType: FacilityType, date: string, now: Date) {
  const [row] = await queryRows(t.db, slotContextSql(facilityType, date, now));
  return slotContextFromRow(row);
}

describe("the prepared availability lookup", () => {
  it.each(["court", "dart_bay"] as const)("reads what the one-off statement reads (%s)", async (type) => {
    const prepared = await loadSlotContext(t.db, type, MONDAY, NOW);
    expect(prepared).toEqual(await oneOff(type, MONDAY, NOW));
    expect(prepared.busy).toHaveLength(1);
    expect(prepared.hours).not.toBeNull();
    expect(prepared.facilityIds.length).toBeGreaterThan(0);
  });

  it("takes the moment as a value: a hold that has ended keeps nothing busy", async () => {
    const later = new Date(NOW.getTime() + HOLD_MS + 1000);
    for (const type of ["court", "dart_bay"] as const) {
      const prepared = await loadSlotContext(t.db, type, MONDAY, later);
      expect(prepared).toEqual(await oneOff(type, MONDAY, later));
      expect(prepared.busy).toEqual([]);
    }
  });

  it("takes the date as a value: another day reads that day's hours and nothing busy", async () => {
    const sunday = "2026-11-22";
    const prepared = await loadSlotContext(t.db, "court", sunday, NOW);
    expect(prepared).toEqual(await oneOff("court", sunday, NOW));
    expect(prepared.busy).toEqual([]);
  });

  it("runs inside a transaction, and on PostgreSQL as the connection's named statement", async () => {
    const names = await t.db.transaction(async (tx) => {
      const read = await loadSlotContext(tx, "court", MONDAY, NOW);
      expect(read.busy).toHaveLength(1);
      if (!t.location.url) return null;
      const rows = await queryRows<{ name: string }>(
        tx as unknown as typeof t.db,
        sql`select name from pg_prepared_statements order by name`,
      );
      return rows.map((r) => r.name);
    });
    if (t.location.url) expect(names).toContain("slot_context_court");
  });
});
