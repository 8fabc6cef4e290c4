import { sql } from "drizzle-orm";
import { addDaysToDate, calendarDates, VENUE_TIME_ZONE } from "../../domain/venue-time";
import type { Db, Tx } from "../db/client";

// Issue 33: a long report reads its closed days' figures from a table of days (decision 039) and
// computes live only the days it has not stored yet, today and yesterday. A stored day is computed
// from the same live query and forgotten by the database's triggers (migration 0029) whenever a row
// of that day changes, so the figures are always what the tables say, to the cent.

export type DayStore<T> = {
  /** The stored days from `from` to `to`. */
  read(db: Db | Tx, from: string, to: string): Promise<Map<string, T>>;
  /** The days from `from` to `to`, live (a day without a row in the answer is `empty`). */
  compute(db: Db | Tx, from: string, to: string): Promise<Map<string, T>>;
  empty(): T;
  /** Stores the days (again, when a concurrent report stored them first). */
  write(tx: Tx, days: Array<[string, T]>): Promise<void>;
};

/** Days that may be stored: before yesterday on the venue's calendar, by the database's clock. */
async function lastStorableDay(db: Db | Tx): Promise<string> {
  const result = (await db.execute(
    sql`select ((clock_timestamp() at time zone ${VENUE_TIME_ZONE})::date - 2)::text as day`,
  )) as unknown as { rows: Array<{ day: string }> };
  const day = result.rows[0]?.day;
  if (!day) throw new Error("the database gave no date");
  return day;
}

/**
 * Missing days as runs of dates to compute: days a week apart or less in one run, and no run longer
 * than a quarter, so that each statement stays short when years of days are missing.
 */
export function runsOf(days: readonly string[], gap = 7, longest = 92): Array<[string, string]> {
  const runs: Array<[string, string]> = [];
  for (const day of days) {
    const last = runs.at(-1);
    if (last && day <= addDaysToDate(last[1], gap + 1) && day < addDaysToDate(last[0], longest)) {
      last[1] = day;
    } else runs.push([day, day]);
  }
  return runs;
}

/**
 * Every day from `from` to `to` that has figures (a day missing from the map has none). In one
 * transaction without PostgreSQL's JIT: these aggregates' estimates pass its cost threshold, and
 * compiling them cost more than running them (7.7 s of 8.9 on a loaded machine, decision 039).
 * `storeUntil`: no later day is read from or written to the store (a store whose figures hold only
 * for days closed by the report's own clock, decision 044).
 */
export async function reportDays<T>(
  db: Db,
  store: DayStore<T>,
  from: string,
  to: string,
  storeUntil?: string,
) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    const storable = await lastStorableDay(tx);
    const lastStored = storeUntil !== undefined && storeUntil < storable ? storeUntil : storable;
    const out = new Map<string, T>();
    const storedTo = to < lastStored ? to : lastStored;
    if (from <= storedTo) {
      const stored = await store.read(tx, from, storedTo);
      for (const [day, value] of stored) out.set(day, value);
      const missing = calendarDates(from, storedTo).filter((day) => !stored.has(day));
      if (missing.length > 0) {
        // Exclusive against the triggers' shared lock: a change to one of these days either
        // committed before this reads, or waits for this transaction and then forgets what it stored.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('report-days', 0))`);
        for (const [a, b] of runsOf(missing)) {
          const computed = await store.compute(tx, a, b);
          const days = calendarDates(a, b).map((day): [string, T] => [
            day,
            computed.get(day) ?? store.empty(),
          ]);
          await store.write(tx, days);
          for (const [day, value] of days) out.set(day, value);
        }
      }
    }
    const liveFrom = from > lastStored ? from : addDaysToDate(lastStored, 1);
    if (liveFrom <= to) for (const [day, value] of await store.compute(tx, liveFrom, to)) out.set(day, value);
    return out;
  });
}
