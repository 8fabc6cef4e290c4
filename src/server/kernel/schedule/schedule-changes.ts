import type { SQL } from "drizzle-orm";
import type { Database, Tx } from "../../db/client";
import { CHANNELS, notification, notify } from "../../db/notify-bus";
import type { Logger } from "../../lib/logger";
import { createSlotContextCache, type SlotContextCache } from "./slot-context-cache";

/**
 * What a change did to the schedule: "places-taken" when it only took places (a new hold), which
 * reads that can only refuse may keep (docs/decisions/024); "any" for everything else (a place
 * freed, an event moved, a rule of the venue edited).
 */
export type ScheduleChange = "places-taken" | "any";

/** The payload of a "places-taken" notification; any other payload means "any" (a reconnect sends ""). */
const PLACES_TAKEN = "taken";
const payloadOf = (change: ScheduleChange) => (change === "places-taken" ? PLACES_TAKEN : "");

/**
 * The one owner of "the schedule changed" (docs/decisions/017, 024). A use case that changed what
 * is booked or a rule the schedule is read with (hours, courts, closures, rate cards, booking
 * rules) calls `changed()` after its transaction commits: every cache registered here is cleared
 * in this instance at once, so it never shows its own writes late, and in every other instance
 * when the notification reaches it. Reads cached in-process register with `onChange`.
 */
export type ScheduleChanges = {
  /** The public availability lookup's read cache (slot-context-cache.ts). */
  readonly availability: SlotContextCache;
  /** After a committed change: clears every registered cache, here and in every other instance. */
  changed(change?: ScheduleChange): Promise<void>;
  /**
   * Inside the change's own transaction (no statement of its own when the change is rare and its
   * caller's common path changes nothing): every instance, this one included, hears it at commit
   * and clears its caches then; call `clearHere` after the commit for this instance to see it at once.
   */
  changedAtCommit(tx: Tx, change?: ScheduleChange): Promise<void>;
  /**
   * As `changedAtCommit`, as an expression for a column of a statement the transaction makes anyway
   * (a select; it must be evaluated, so not in a CTE nothing reads); `clearHere` after the commit.
   */
  noticeAtCommit(change?: ScheduleChange): SQL;
  /** This instance's caches only, at once (after a commit whose notification is on its way). */
  clearHere(change?: ScheduleChange): void;
  /** A cache of this instance to clear on every change, made here or in another instance. */
  onChange(clear: (change: ScheduleChange) => void): void;
};

export async function createScheduleChanges(
  database: Pick<Database, "db" | "listen">,
  options: { availabilityCacheMs: number; logger: Logger },
): Promise<ScheduleChanges> {
  const availability = createSlotContextCache(options.availabilityCacheMs);
  const clears: Array<(change: ScheduleChange) => void> = [() => availability.clear()];
  const clearAll = (change: ScheduleChange) => {
    for (const clear of clears) clear(change);
  };
  await database.listen(CHANNELS.availability, (payload) =>
    clearAll(payload === PLACES_TAKEN ? "places-taken" : "any"),
  );
  return {
    availability,
    async changed(change = "any") {
      clearAll(change);
      await notify(database.db, CHANNELS.availability, payloadOf(change)).catch((err) =>
        options.logger.warn({ err: (err as Error).message }, "could not notify other instances"),
      );
    },
    async changedAtCommit(tx, change = "any") {
      await notify(tx, CHANNELS.availability, payloadOf(change));
    },
    noticeAtCommit(change = "any") {
      return notification(CHANNELS.availability, payloadOf(change));
    },
    clearHere(change = "any") {
      clearAll(change);
    },
    onChange(clear) {
      clears.push(clear);
    },
  };
}
