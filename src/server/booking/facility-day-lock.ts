import { sql } from "drizzle-orm";
import type { Tx } from "../db/client";

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
