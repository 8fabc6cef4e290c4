import type { Tx } from "../db/client";
import type { AppDeps } from "../deps";

/**
 * A change of the venue's rules (identity, courts, hours, special days, closures): one
 * transaction, then the schedule-change module's one call, which forgets the cached rules and
 * availability here at once and in every other instance through the notify bus.
 */
export async function changeVenueRules<T>(deps: AppDeps, change: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await deps.db.transaction(change);
  await deps.schedule.changed();
  return result;
}
