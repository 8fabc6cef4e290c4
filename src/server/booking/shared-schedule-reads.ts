import type { SlotContext } from "../kernel/schedule/slot-context";
import { type DayQueue, facilityDayKey, offerToWaiting, queueOf } from "./facility-day-queue";

/**
 * Reads of a facility day's committed schedule shared by the holds of this process (issue 16,
 * docs/decisions/024): while a day's queue lasts, what the last transaction read under the lock
 * (plus what it placed), or else one read made for all the arrivals at once; after the queue
 * empties, the last transaction's read. A request whose slot such a read shows full is refused from
 * it, with no round trip of its own. A read can only refuse, never grant: a slot that looks free
 * still goes through the transaction, the advisory lock and the exclusion constraint. So that a
 * freed place is not refused for long, a read is kept at most `SHARED_READ_MS`, forgotten on every
 * schedule change that may free a place (`forgetScheduleReads`), and never kept when such a change
 * came while it was read.
 */
export const SHARED_READ_MS = 1000;

type SharedRead = { context: Promise<SlotContext>; at: number; value?: SlotContext };
type Day = { facilityType: string; date: string };
type Reads = {
  /** The read of each queued day, gone with its queue. */
  queued: WeakMap<DayQueue, SharedRead>;
  /** The last read each day's transaction left, kept after its queue empties. */
  recent: Map<string, SharedRead>;
  /** Counts the changes that forgot every read: a read begun before one is not kept after it. */
  generation: number;
  /** The venue's hold limits, read once for the holds of the next second. */
  limits: { value: Promise<unknown>; at: number } | null;
};
const readsOf = new WeakMap<object, Reads>();

function reads(database: object): Reads {
  let r = readsOf.get(database);
  if (!r) {
    r = { queued: new WeakMap(), recent: new Map(), generation: 0, limits: null };
    readsOf.set(database, r);
  }
  return r;
}

// A read made for a later instant than the asker's (it waited in the queue) is newer, not older:
// it may have seen holds end, never a place freed that it does not show.
const isFresh = (read: SharedRead | undefined, now: Date): read is SharedRead =>
  read !== undefined && now.getTime() - read.at < SHARED_READ_MS;

/**
 * For a request about to queue: the day's shared read; null when none is fresh and nobody is
 * queued (alone, the transaction reads the same anyway); else one read started now with `load`.
 */
export function sharedScheduleRead(
  database: object,
  day: Day,
  now: Date,
  load: () => Promise<SlotContext>,
): Promise<SlotContext> | SlotContext | null {
  const r = reads(database);
  const queue = queueOf(database, day);
  if (!queue) {
    const recent = r.recent.get(facilityDayKey(day));
    if (isFresh(recent, now)) return recent.value ?? null;
    if (recent) r.recent.delete(facilityDayKey(day));
    return null;
  }
  const known = r.queued.get(queue);
  if (isFresh(known, now)) return known.value ?? known.context;
  const begun = r.generation;
  const read: SharedRead = { context: load(), at: now.getTime() };
  r.queued.set(queue, read);
  read.context.then(
    (value) => {
      read.value = value;
      if (r.queued.get(queue) !== read) return;
      // A change came while it was read: those already waiting for it may use it, no one else.
      if (r.generation !== begun) r.queued.delete(queue);
      else offerToWaiting(queue, value);
    },
    () => {
      if (r.queued.get(queue) === read) r.queued.delete(queue);
    },
  );
  return read.context;
}

/** For a request in its turn: the day's queued read, if a fresh one has come back (never waits). */
export function queuedScheduleRead(database: object, day: Day, now: Date): SlotContext | null {
  const queue = queueOf(database, day);
  const read = queue ? readsOf.get(database)?.queued.get(queue) : undefined;
  return isFresh(read, now) ? (read.value ?? null) : null;
}

/**
 * What one hold transaction reads of its facility days under the lock, left for the requests behind
 * it: `record` keeps a day's read and gives a copy the hold places into; `leave` shares what was
 * read (refused) or what was read plus placed (committed), unless a change came since it began.
 */
export function transactionReads(database: object, now: Date) {
  const r = reads(database);
  const begun = r.generation;
  const asRead = new Map<string, { day: Day; context: SlotContext }>();
  const placed = new Map<string, SlotContext>();
  return {
    record(day: Day, context: SlotContext): SlotContext {
      const working = { ...context, busy: [...context.busy] };
      asRead.set(facilityDayKey(day), { day, context });
      placed.set(facilityDayKey(day), working);
      return working;
    },
    leave(outcome: "committed" | "refused"): void {
      if (r.generation !== begun) return;
      for (const [key, { day, context }] of asRead) {
        const value = outcome === "committed" ? (placed.get(key) ?? context) : context;
        const read: SharedRead = { context: Promise.resolve(value), at: now.getTime(), value };
        r.recent.set(key, read);
        const queue = queueOf(database, day);
        if (queue && queue.waiting > 1) {
          r.queued.set(queue, read);
          offerToWaiting(queue, value);
        }
      }
    },
  };
}

export type TransactionReads = ReturnType<typeof transactionReads>;

/** Forgets every shared read (and the limits' read): on every schedule change that may free a place. */
export function forgetScheduleReads(database: object): void {
  const r = readsOf.get(database);
  if (!r) return;
  r.generation++;
  r.limits = null;
  r.recent.clear();
  r.queued = new WeakMap();
}

/**
 * The venue's hold limits for a request in its turn: one read (at most `SHARED_READ_MS` old,
 * forgotten like the schedule reads, so a settings change is seen by the next hold) serves every
 * hold in that time, instead of one read per request.
 */
export function sharedLimitsRead<V>(database: object, load: () => Promise<V>): Promise<V> {
  const r = reads(database);
  const at = performance.now();
  const known = r.limits;
  if (known && at - known.at < SHARED_READ_MS) return known.value as Promise<V>;
  const begun = r.generation;
  const entry = { value: load(), at };
  r.limits = entry;
  entry.value.then(
    () => {
      if (r.generation !== begun && r.limits === entry) r.limits = null;
    },
    () => {
      if (r.limits === entry) r.limits = null;
    },
  );
  return entry.value as Promise<V>;
}
