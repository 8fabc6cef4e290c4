import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";

// A court booking made a moment before an event is created on that court must make the creation
// fail, not overlap (issue 5): reservations and events live in different tables, so no constraint
// can see both. Instead, everything that puts something on the courts of a date serialises on one
// transaction-scoped advisory lock per date. Holds take it shared (they do not block each other;
// the exclusion constraint settles races between bookings), event create and edit take it
// exclusive. Whoever comes second waits, then reads what the first committed.

const key = (date: string) => sql`hashtextextended(${`court-schedule:${date}`}, 0)`;
const uniqueSorted = (dates: readonly string[]) => [...new Set(dates)].sort();

/** Event create/edit: exclusive, in date order so two admins never deadlock. */
export async function lockCourtScheduleExclusive(tx: Tx, dates: readonly string[]): Promise<void> {
  for (const date of uniqueSorted(dates)) await tx.execute(sql`select pg_advisory_xact_lock(${key(date)})`);
}

/** Court bookings: shared, so bookings run side by side but never beside an event being written. */
export async function lockCourtScheduleShared(tx: Tx, dates: readonly string[]): Promise<void> {
  for (const lock of courtScheduleSharedLocks(dates)) await tx.execute(sql`select ${lock}`);
}

/**
 * The same shared locks as expressions, in date order, for a caller that takes them in one
 * statement with its other locks (a hold: create-hold.ts).
 */
export function courtScheduleSharedLocks(dates: readonly string[]): SQL[] {
  return uniqueSorted(dates).map((date) => sql`pg_advisory_xact_lock_shared(${key(date)})`);
}
