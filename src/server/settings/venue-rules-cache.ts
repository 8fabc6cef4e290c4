import type { Db } from "../db/client";

// Issue 31: the venue's rules (identity, courts and bays, hours, special days, closures) are read
// on nearly every request and change a few times a month. Each reader caches its answer per
// database in this process. The schedule-change module (kernel/schedule/schedule-changes.ts)
// forgets them on every change it hears of, here or from another instance (bootstrap.ts registers
// `forgetVenueRules`), so a staff edit is in force everywhere at once.

const generations = new WeakMap<object, number>();

/** A reader whose answer is kept until the schedule changes (here or in another instance). */
export function cachedVenueReader<T>(load: (db: Db) => Promise<T>): (db: Db) => Promise<T> {
  const entries = new WeakMap<object, { generation: number; value: Promise<T> }>();
  return (db) => {
    const generation = generations.get(db) ?? 0;
    const hit = entries.get(db);
    if (hit && hit.generation === generation) return hit.value;
    const value = load(db);
    entries.set(db, { generation, value });
    value.catch(() => {
      if (entries.get(db)?.value === value) entries.delete(db);
    });
    return value;
  };
}

/** Every cached rule of this database is read again on its next use. */
export function forgetVenueRules(db: object): void {
  generations.set(db, (generations.get(db) ?? 0) + 1);
}
