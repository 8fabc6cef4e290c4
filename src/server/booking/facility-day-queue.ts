import { type SQL, sql } from "drizzle-orm";
import type { SlotContext } from "../kernel/schedule/slot-context";

// Holds of one facility type and date take turns (docs/decisions/024), twice:
// - in the database: two transactions inserting overlapping pending reservations at once each wait
//   for the other's row in the exclusion constraint's check, and PostgreSQL breaks the tie with a
//   deadlock error after a second; with 200 buyers on one slot the retries ran out. So the inserts
//   take a transaction-scoped advisory lock per facility day (`facilityDayLocks`).
// - in this process, before a connection is taken (`joinFacilityDayQueue`): queued on the advisory
//   lock, 200 buyers each held one of the pool's connections and starved every other request.
// Both in sorted order, so two carts never wait on each other.

type Day = { facilityType: string; date: string };

/** A facility day's key: "type|date". */
export const facilityDayKey = (day: Day) => `${day.facilityType}|${day.date}`;

/** The advisory locks of the cart's facility days, as expressions for the hold's one locking statement. */
export function facilityDayLocks(items: readonly Day[]): SQL[] {
  const keys = [...new Set(items.map((i) => `facility-day:${i.facilityType}:${i.date}`))].sort();
  return keys.map((key) => sql`pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** One facility day's queue in this process. */
export type DayQueue = {
  tail: Promise<void>;
  /** Requests queued or in their turn. */
  waiting: number;
  /** Requests waiting for their turn, offered every new read of the day (they may be refused from it). */
  watchers: Set<(read: SlotContext) => void>;
};

/** A reason to leave the queue, from a new read of the facility day, or null to keep waiting. */
export type RefuseWhileWaiting = (facilityType: string, date: string, read: SlotContext) => Error | null;

const queuesOf = new WeakMap<object, Map<string, DayQueue>>();

function queues(database: object): Map<string, DayQueue> {
  let map = queuesOf.get(database);
  if (!map) {
    map = new Map();
    queuesOf.set(database, map);
  }
  return map;
}

/** The facility day's queue in this process, while anyone is in it. */
export const queueOf = (database: object, day: Day): DayQueue | undefined =>
  queuesOf.get(database)?.get(facilityDayKey(day));

/** How many holds for this facility day are queued (or in their turn) in this process. */
export const holdsQueuedFor = (database: object, facilityType: string, date: string): number =>
  queueOf(database, { facilityType, date })?.waiting ?? 0;

/** Offers a new read of the day to every request waiting in its queue. */
export function offerToWaiting(queue: DayQueue, read: SlotContext): void {
  for (const watcher of [...queue.watchers]) watcher(read);
}

/**
 * Waits for the turn of every facility day of the cart, in sorted order. While it waits, every new
 * read of a day is offered to `refuse`; the first refusal throws, and the request leaves the queue
 * (answered at once). Call `release()` when the turn's work is done, whatever its outcome.
 */
export async function joinFacilityDayQueue(
  database: object,
  items: readonly Day[],
  refuse?: RefuseWhileWaiting,
): Promise<{ release(): void }> {
  const map = queues(database);
  const keys = [...new Set(items.map(facilityDayKey))].sort();
  const releases: Array<() => void> = [];
  const release = () => {
    for (const done of releases.splice(0).reverse()) done();
  };
  try {
    for (const key of keys) {
      const queue = map.get(key) ?? { tail: Promise.resolve(), waiting: 0, watchers: new Set() };
      map.set(key, queue);
      queue.waiting++;
      const before = queue.tail;
      let passOn = () => {};
      queue.tail = new Promise<void>((done) => {
        passOn = done;
      });
      let left = false;
      releases.push(() => {
        queue.waiting--;
        if (queue.waiting === 0) map.delete(key);
        // A request refused while waiting passes its place on only when its own turn would have
        // come, so the queue still runs one at a time.
        if (left) before.then(passOn);
        else passOn();
      });
      try {
        await waitTurn(queue, before, key, refuse);
      } catch (err) {
        left = true;
        throw err;
      }
    }
  } catch (err) {
    release();
    throw err;
  }
  return { release };
}

function waitTurn(queue: DayQueue, before: Promise<void>, key: string, refuse?: RefuseWhileWaiting) {
  if (!refuse) return before;
  const [facilityType = "", date = ""] = key.split("|");
  return new Promise<void>((resolve, reject) => {
    const watcher = (read: SlotContext) => {
      const refusal = refuse(facilityType, date, read);
      if (!refusal) return;
      queue.watchers.delete(watcher);
      reject(refusal);
    };
    queue.watchers.add(watcher);
    before.then(() => {
      if (queue.watchers.delete(watcher)) resolve();
    });
  });
}
