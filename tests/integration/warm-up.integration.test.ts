import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { addDaysToDate, venueToday } from "../../src/domain/venue-time";
import { warmUpBookingPath } from "../../src/server/booking/warm-up";
import { createHoldOk, holdBody, item, NOW } from "./kits/booking-test-kit";
import { createTestApp, queryRows, type TestApp } from "./kits/harness";

// Issue 35 item 1, decision 036: before the server listens it runs the booking path once — reads,
// and holds placed, filled and refused in transactions that are rolled back. Nothing may stay
// behind, and a database that does not answer must not hold the start past WARM_UP_MS.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const TABLES = [
  "holds",
  "reservations",
  "payments",
  "audit_log",
  "email_outbox",
  "sms_outbox",
  "rate_limit_hits",
];

async function rowCounts(app: TestApp): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await queryRows<{ n: number | string }>(
      app.db,
      sql`select count(*)::int as n from ${sql.identifier(table)}`,
    );
    counts[table] = Number(row?.n);
  }
  return counts;
}

const tomorrow = addDaysToDate(venueToday(NOW), 1);
const courtsFree = async (app: TestApp) => {
  const response = await app.request(
    `/api/booking/availability?facilityType=court&date=${tomorrow}&duration=60`,
  );
  const body = (await response.json()) as {
    slots: Array<{ startTime: string; availableFacilities: number }>;
  };
  return body.slots.map((s) => `${s.startTime} ${s.availableFacilities}`);
};

describe("the booking path's warm-up", () => {
  it("reads, places, fills and refuses on every lane, and leaves no row and no shared read behind", async () => {
    t = await createTestApp({ now: () => NOW });
    await t.seedFacilities();
    const before = await rowCounts(t);
    const freeBefore = await courtsFree(t);
    const accessLines: unknown[] = [];
    t.deps.logger = pino(
      { level: "info" },
      new Writable({
        write(chunk, _enc, done) {
          // The warm-up's requests come from no socket ("unknown"); the test's own have an address.
          const line = JSON.parse(String(chunk)) as { msg?: string; ip?: string };
          if (line.msg === "request" && line.ip === "unknown") accessLines.push(line);
          done();
        },
      }),
    );

    const { report, finished } = await warmUpBookingPath(t.deps, t.app, { budgetMs: 30_000 });
    await finished;
    expect(accessLines, "the warm-up's own requests (reads, holds, the refused POST) are not logged").toEqual(
      [],
    );
    expect(report.timedOut).toBe(false);
    expect(report.skipped).toBeNull();
    expect(report.reads).toBeGreaterThan(0);
    expect(report.lanes).toBeGreaterThan(1);
    // Each lane filled its slot and was refused one more: the rush's 409 ran too.
    expect(report.refusals).toBe(report.lanes);
    expect(report.holds).toBeGreaterThanOrEqual(report.lanes);

    expect(await rowCounts(t)).toEqual(before);
    expect(await courtsFree(t)).toEqual(freeBefore);
    expect(accessLines, "the warm-up's own requests (reads, holds, the refused POST) are not logged").toEqual(
      [],
    );
    // The slot the warm-up filled (the day's first) is free for a real buyer at once.
    const first = freeBefore[0]?.split(" ")[0] ?? "";
    const hold = await createHoldOk(
      t.client(),
      holdBody({ items: [item({ date: tomorrow, startTime: first, facilityType: "court", duration: 60 })] }),
    );
    expect(hold.items).toHaveLength(1);
  });

  it("never holds the start past its bound: a database that does not answer gets WARM_UP_MS, then the rest stops", async () => {
    t = await createTestApp({ now: () => NOW });
    await t.seedFacilities();
    const before = await rowCounts(t);
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The rate card and the bookings locked by a transaction that waits: no read of the warm-up's
    // can be answered (on PGlite, nothing else can run on its one connection meanwhile anyway).
    const blocker = t.db.transaction(async (tx) => {
      await tx.execute(sql`lock table rate_cards, reservations in access exclusive mode`);
      await gate;
    });
    const started = performance.now();
    const { report, finished } = await warmUpBookingPath(t.deps, t.app, { budgetMs: 300 });
    const waited = performance.now() - started;
    expect(report.timedOut).toBe(true);
    expect(waited).toBeLessThan(2000);
    release();
    await blocker;
    await finished;
    expect(await rowCounts(t)).toEqual(before);
  });

  it("is off with WARM_UP_MS=0: nothing runs", async () => {
    t = await createTestApp({ now: () => NOW });
    await t.seedFacilities();
    const before = await rowCounts(t);
    const off = await warmUpBookingPath(t.deps, t.app, { budgetMs: 0 });
    await off.finished;
    expect(off.report).toMatchObject({ reads: 0, holds: 0, lanes: 0, skipped: "WARM_UP_MS=0" });
    expect(await rowCounts(t)).toEqual(before);
  });
});
