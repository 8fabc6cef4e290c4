import { sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import type { SlotContext } from "../kernel/schedule/slot-context";

/**
 * Two transactions inserting overlapping pending reservations at the same moment each wait for
 * the other's row in the exclusion constraint's check, and PostgreSQL breaks the tie with a
 * deadlock error after deadlock_timeout (1 s). With many buyers on one slot (200 across three
 * instances) the retries ran out and buyers saw a 500. So the inserts for one facility type and
 * date take turns on a transaction-scoped advisory lock, in sorted order so two carts never wait
 * on each other; a hold's transaction is short, so the queue drains in milliseconds.
 */
export async function lockFacilityDays(
  tx: Tx,
  items: ReadonlyArray<{ facilityType: string; date: string }>,
): Promise<void> {
  const keys = [...new Set(items.map((i) => `facility-day:${i.facilityType}:${i.date}`))].sort();
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/**
 * The same turn-taking inside this process, before a database connection is taken (issue 16,
 * docs/decisions/024). Holds for one facility type and date wait here, holding nothing, instead
 * of each holding one of the pool's connections while queued on the advisory lock above (200
 * buyers on one slot starved every other request of connections). While a queue lasts, each
 * transaction leaves behind what it read under the lock, plus what it placed; a buyer who was
 * waiting and whose slot that read shows full is refused from it at once. It can only refuse,
 * never grant: a slot that looks free still goes through the transaction, the advisory lock
 * (other instances) and the exclusion constraint. The snapshot is dropped when the queue empties,
 * so it is never older than the requests that were already waiting while it was read.
 */
type Gate = { tail: Promise<void>; waiting: number; snapshot: SlotContext | null };
const gatesByDatabase = new WeakMap<object, Map<string, Gate>>();

export type FacilityDayTurn = {
  /** What the previous transaction of the queue read (and placed) for this type and date, if any. */
  snapshot(facilityType: string, date: string): SlotContext | null;
  /** Leaves this transaction's read for the requests queued behind it. */
  leave(facilityType: string, date: string, context: SlotContext): void;
};

export async function inFacilityDayTurn<T>(
  database: object,
  items: ReadonlyArray<{ facilityType: string; date: string }>,
  run: (turn: FacilityDayTurn) => Promise<T>,
): Promise<T> {
  let gates = gatesByDatabase.get(database);
  if (!gates) {
    gates = new Map();
    gatesByDatabase.set(database, gates);
  }
  const registry = gates;
  const keys = [...new Set(items.map((i) => `${i.facilityType}|${i.date}`))].sort();
  const releases: Array<() => void> = [];
  try {
    // In sorted order, like the advisory locks, so two carts never wait on each other.
    for (const key of keys) {
      const gate = registry.get(key) ?? { tail: Promise.resolve(), waiting: 0, snapshot: null };
      registry.set(key, gate);
      gate.waiting++;
      const before = gate.tail;
      let release = () => {};
      gate.tail = new Promise<void>((done) => {
        release = done;
      });
      releases.push(() => {
        gate.waiting--;
        if (gate.waiting === 0) registry.delete(key);
        release();
      });
      await before;
    }
    return await run({
      snapshot: (facilityType, date) => registry.get(`${facilityType}|${date}`)?.snapshot ?? null,
      leave: (facilityType, date, context) => {
        const gate = registry.get(`${facilityType}|${date}`);
        if (gate && gate.waiting > 1) gate.snapshot = context;
      },
    });
  } finally {
    for (const release of releases.reverse()) release();
  }
}

/** Whether holds for any of these facility days are already queued in this process. */
export function facilityDaysQueued(
  database: object,
  items: ReadonlyArray<{ facilityType: string; date: string }>,
): boolean {
  const gates = gatesByDatabase.get(database);
  return gates !== undefined && items.some((i) => gates.has(`${i.facilityType}|${i.date}`));
}
