import { and, eq, ne } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createHoldOk, HOLD_MS, holdBody, item, NOW } from "../../../tests/integration/kits/booking-test-kit";
import { createTestApp, errorOf, type TestApp, testClock } from "../../../tests/integration/kits/harness";
import type { CreateHoldResponse } from "../../contracts/booking-holds";
import { reservations } from "../db/schema";
import { present } from "../lib/present";
import { holdsQueuedFor, joinFacilityDayQueue } from "./facility-day-queue";

// The rush's refusal path (issue 16, docs/decisions/024): while holds for a facility day are
// queued, a request whose slot the queue's shared read of the schedule shows full is refused from
// that read, without queueing. These tests keep the queue busy themselves (a turn that does not
// end until they say so), so a request that is not refused from the read waits in the queue: it
// answers only after the turn ends. The read may only refuse, and a place freed since must not be.

const clock = testClock(NOW);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await t.seedFacilities();
});
afterAll(() => t?.close());

/** Holds every court at `start` (60 minutes) on `date`, one hold per court. */
async function fillCourts(date: string, start: string): Promise<CreateHoldResponse[]> {
  const held: CreateHoldResponse[] = [];
  for (let i = 0; i < 8; i++) {
    held.push(
      await createHoldOk(t.client(), holdBody({ items: [item({ date, startTime: start, duration: 60 })] })),
    );
  }
  return held;
}

/** Cancels the first of `held` as its buyer does (a write that frees a place). */
async function cancelFirst(held: CreateHoldResponse[]) {
  const first = held[0];
  if (!first) throw new Error("no hold");
  const cancel = await t
    .client()
    .post("/api/booking/holds/cancel", { holdId: first.holdId, holdToken: first.holdToken });
  expect(cancel.status).toBe(200);
}

/** Keeps the facility day's queue busy until the returned function is called. */
async function occupyQueue(date: string): Promise<{ end: () => Promise<void> }> {
  const turn = await joinFacilityDayQueue(t.db, [{ facilityType: "court", date }]);
  return { end: async () => turn.release() };
}

/** The request got past the shared read and is waiting for its turn behind the busy one. */
const queuedBehind = (date: string) =>
  vi.waitFor(() => expect(holdsQueuedFor(t.db, "court", date)).toBe(2), { timeout: 10_000 });

const hold = (date: string, start: string) =>
  t
    .client()
    .post("/api/booking/holds", holdBody({ items: [item({ date, startTime: start, duration: 60 })] }));

const liveAt = async (date: string, start: string) =>
  (
    await t.db
      .select({ id: reservations.id })
      .from(reservations)
      .where(
        and(
          eq(reservations.date, date),
          eq(reservations.startTime, start),
          ne(reservations.status, "cancelled"),
        ),
      )
  ).length;

// With nobody queued, the read the last transaction left for its facility day refuses a full slot
// for up to SHARED_READ_MS (shared-schedule-reads.ts): on the embedded database a transaction runs start to end without giving
// other requests a turn, so the queue never forms and, before, every buyer in a rush ran a whole
// transaction only to be refused. (First in the file: the queue tests below move the clock past
// the holds' end, and the sweeper that starts then may still be at work when the next test begins.)
describe("refused from the last transaction's read, nobody queued", () => {
  it("a full slot is refused without a transaction, with the next free time", async () => {
    const date = "2026-11-27";
    await fillCourts(date, "20:00");
    const transactions = vi.spyOn(t.db, "transaction");
    try {
      const refused = await hold(date, "20:00");
      expect(refused.status).toBe(409);
      expect(await errorOf(refused)).toMatchObject({
        code: "SLOT_TAKEN",
        details: { facilityType: "court", date, startTime: "20:00", nextFreeStartTime: "21:00" },
      });
      expect(transactions).not.toHaveBeenCalled();
      // A time the read shows free still goes through a transaction, and is held.
      expect((await hold(date, "19:00")).status).toBe(201);
      expect(transactions).toHaveBeenCalledTimes(1);
    } finally {
      transactions.mockRestore();
    }
    expect(await liveAt(date, "20:00")).toBe(8);
  });

  it("is forgotten on a write that frees a place: the freed place is granted at once", async () => {
    const date = "2026-11-28";
    const held = await fillCourts(date, "20:00");
    expect((await hold(date, "20:00")).status).toBe(409);
    await cancelFirst(held);
    expect((await hold(date, "20:00")).status).toBe(201);
    expect(await liveAt(date, "20:00")).toBe(8);
  });

  it("is not used once older than a second: the transaction decides", async () => {
    const date = "2026-11-23";
    await fillCourts(date, "20:00");
    const transactions = vi.spyOn(t.db, "transaction");
    try {
      clock.advance(1_001);
      const refused = await hold(date, "20:00");
      expect(refused.status).toBe(409);
      expect(transactions).toHaveBeenCalledTimes(1);
    } finally {
      transactions.mockRestore();
      clock.set(NOW);
    }
  });
});

describe("refused from the queue's shared read (the rush)", () => {
  it("a full slot is refused without queueing, with the next free time", async () => {
    const date = "2026-11-24";
    await fillCourts(date, "18:00");
    const queue = await occupyQueue(date);
    try {
      // Twice: the second from the same read. Neither waits for the busy queue.
      for (let i = 0; i < 2; i++) {
        const refused = await hold(date, "18:00");
        expect(refused.status).toBe(409);
        expect(await errorOf(refused)).toMatchObject({
          code: "SLOT_TAKEN",
          details: { facilityType: "court", date, startTime: "18:00", nextFreeStartTime: "19:00" },
        });
      }
    } finally {
      await queue.end();
    }
    expect(await liveAt(date, "18:00")).toBe(8);
  });

  it("a slot the read shows free is not refused from it: it queues, and is held", async () => {
    const date = "2026-11-24";
    await fillCourts(date, "10:00");
    const queue = await occupyQueue(date);
    const refused = await hold(date, "10:00");
    expect(refused.status).toBe(409);
    expect(holdsQueuedFor(t.db, "court", date)).toBe(1);
    // The read is of the whole day: another time of it still goes through the queue.
    const waiting = hold(date, "11:00");
    await queuedBehind(date);
    await queue.end();
    expect((await waiting).status).toBe(201);
  });

  it("a place freed by a cancel is grantable at once, though the read said full", async () => {
    const date = "2026-11-25";
    const held = await fillCourts(date, "18:00");
    const queue = await occupyQueue(date);
    let waiting: Promise<Response> | null = null;
    try {
      expect((await hold(date, "18:00")).status).toBe(409);
      await cancelFirst(held);
      // Not refused from the read made before the cancel: it waits for its turn.
      waiting = hold(date, "18:00");
      await queuedBehind(date);
    } finally {
      await queue.end();
    }
    const response = await waiting;
    expect(response?.status).toBe(201);
    const body = (await response?.json()) as CreateHoldResponse;
    expect(body.items[0]?.facilityName).toBe("Court 1");
    expect(await liveAt(date, "18:00")).toBe(8);
  });

  it("a place freed by an ended hold is grantable at once, though the read said full", async () => {
    const date = "2026-11-26";
    await fillCourts(date, "18:00");
    const queue = await occupyQueue(date);
    let waiting: Promise<Response> | null = null;
    try {
      expect((await hold(date, "18:00")).status).toBe(409);
      // The holds end (no sweeper has run, nothing was written): the read is too old to refuse.
      clock.advance(HOLD_MS);
      waiting = hold(date, "18:00");
      await queuedBehind(date);
    } finally {
      await queue.end();
    }
    try {
      const response = await waiting;
      expect(response?.status).toBe(201);
      // The new hold ended the old ones in its transaction: one live place.
      expect(await liveAt(date, "18:00")).toBe(1);
    } finally {
      clock.set(NOW);
    }
  });
});

// What the queue waits for in a rush is the transactions ahead of it, one round trip after
// another (docs/decisions/024, update of 2026-11-26). PostgreSQL only: it counts the statements
// the pool's connections are sent (the embedded database runs them in the process). The app is
// its own, started after the spy, so its connections are new.
describe.skipIf(!process.env.TEST_DATABASE_URL?.trim())("a hold's transaction on PostgreSQL", () => {
  it("is five round trips: begin, the locks, the reads, the hold with its reservation, commit", async () => {
    const sent = new Map<object, string[]>();
    const transactions: string[][] = [];
    const query = pg.Client.prototype.query;
    const spy = vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      const first = args[0] as string | { text?: string };
      const text = (typeof first === "string" ? first : (first?.text ?? "")).trim().toLowerCase();
      if (text === "begin") sent.set(this, []);
      const statements = sent.get(this);
      statements?.push(text);
      if (statements && (text === "commit" || text === "rollback")) {
        transactions.push(statements);
        sent.delete(this);
      }
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query);
    const app = await createTestApp({ now: clock.now });
    try {
      await app.seedFacilities();
      const date = "2026-11-20";
      const held = await app
        .client()
        .post("/api/booking/holds", holdBody({ items: [item({ date, startTime: "18:00", duration: 60 })] }));
      expect(held.status).toBe(201);
    } finally {
      spy.mockRestore();
      await app.close();
    }
    const holds = transactions.filter((statements) =>
      statements.some((s) => s.includes('insert into "reservations"')),
    );
    expect(holds).toHaveLength(1);
    const statements = present(holds[0]);
    expect(statements).toHaveLength(5);
    expect(statements[0]).toBe("begin");
    // The visitor's address and email, the courts' schedule (shared), the facility day: in that order.
    expect(statements[1]).toBe(
      "select pg_advisory_xact_lock(hashtext($1)), pg_advisory_xact_lock(hashtext($2)), " +
        "pg_advisory_xact_lock_shared(hashtextextended($3, 0)), pg_advisory_xact_lock(hashtextextended($4, 0))",
    );
    expect(statements[2]).toContain("hold_place_recent");
    expect(statements[3]).toMatch(/^with new_hold as \(insert into "holds"/);
    expect(statements[4]).toBe("commit");
  });
});
