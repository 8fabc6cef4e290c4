import { type SQL, sql } from "drizzle-orm";
import type { SlotContext } from "../kernel/schedule/slot-context";

/**
 * Two transactions inserting overlapping pending reservations at the same moment each wait for
 * the other's row in the exclusion constraint's check, and PostgreSQL breaks the tie with a
 * deadlock error after deadlock_timeout (1 s). With many buyers on one slot (200 across three
 * instances) the retries ran out and buyers saw a 500. So the inserts for one facility type and
 * date take turns on a transaction-scoped advisory lock, in sorted order so two carts never wait
 * on each other; a hold's transaction is short, so the queue drains in milliseconds. Returned as
 * expressions: the hold takes them in one statement with its other locks (create-hold.ts).
 */
export function facilityDayLocks(items: ReadonlyArray<{ facilityType: string; date: string }>): SQL[] {
  const keys = [...new Set(items.map((i) => `facility-day:${i.facilityType}:${i.date}`))].sort();
  return keys.map((key) => sql`pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/**
 * The same turn-taking inside this process, before a database connection is taken (issue 16,
 * docs/decisions/024). Holds for one facility type and date wait here, holding nothing, instead
 * of each holding one of the pool's connections while queued on the advisory lock above (200
 * buyers on one slot starved every other request of connections).
 *
 * While a queue lasts it also keeps one read of the day's committed schedule, shared by every
 * request that arrives or waits in it: what the last transaction read under the lock (plus what
 * it placed), or else one read made for all the arrivals at once (`sharedScheduleRead`). A
 * request whose slot that read shows full is refused from it, with no round trip of its own. The
 * read can only refuse, never grant: a slot that looks free still goes through the transaction,
 * the advisory lock (other instances) and the exclusion constraint. So that a freed place is not
 * refused for long, the read is forgotten when the queue empties, when it is older than
 * `SHARED_READ_MS`, and on every write that may free a place (`forgetScheduleReads`: every
 * state-changing request of this process that was not refused, and the cross-instance notify);
 * a read begun before such a write is never kept after it.
 */
export const SHARED_READ_MS = 1000;

type SharedRead = { context: Promise<SlotContext>; at: number; value?: SlotContext };
type Gate = {
  tail: Promise<void>;
  waiting: number;
  read: SharedRead | null;
  /** Requests waiting for their turn, told of every new read (they may be refused from it). */
  watchers: Set<(read: SlotContext) => void>;
};
type Registry = {
  gates: Map<string, Gate>;
  /**
   * The last read each facility day's transaction left, kept after its queue empties (same
   * lifetime rules: at most `SHARED_READ_MS` old, forgotten on every write that may free a place).
   * On the embedded database a transaction runs start to end without giving other requests a
   * turn, so no queue ever forms and the gate's read alone never refused anyone.
   */
  recent: Map<string, SharedRead>;
  generation: number;
  /** The venue's hold limits, read once for the requests arriving while holds are queued. */
  limits: { value: Promise<unknown>; at: number } | null;
};
const registries = new WeakMap<object, Registry>();

function registryOf(database: object): Registry {
  let registry = registries.get(database);
  if (!registry) {
    registry = { gates: new Map(), recent: new Map(), generation: 0, limits: null };
    registries.set(database, registry);
  }
  return registry;
}

export type FacilityDayTurn = {
  /** The shared read for this type and date, if a fresh one has come back (see above). */
  snapshot(facilityType: string, date: string, now: Date): SlotContext | null;
  /** Marks the start of a transaction's read; pass it to `leave`. */
  begin(): number;
  /** Leaves this transaction's read for the requests queued behind it, unless a write came since `begun`. */
  leave(facilityType: string, date: string, context: SlotContext, begun: number, now: Date): void;
};

function freshRead(gate: Gate | undefined, now: Date): SharedRead | null {
  const read = gate?.read;
  if (!read) return null;
  // A read made for a later instant than the asker's (it waited in the queue) is newer, not
  // older: it may have seen holds end, never a place freed that it does not show.
  return now.getTime() - read.at < SHARED_READ_MS ? read : null;
}

/** A reason to give up a place in the queue, from a new read of that facility day, or null. */
export type RefuseWhileWaiting = (facilityType: string, date: string, read: SlotContext) => Error | null;

function tellWatchers(gate: Gate, read: SlotContext) {
  for (const watcher of [...gate.watchers]) watcher(read);
}

/**
 * Waits for the turn (`before`); meanwhile every new read of the day is offered to `refuse`, and
 * the first refusal ends the wait (the request leaves the queue, answered at once).
 */
function waitTurn(
  gate: Gate,
  before: Promise<void>,
  key: string,
  refuse: RefuseWhileWaiting | undefined,
): Promise<void> {
  if (!refuse) return before;
  const [facilityType = "", date = ""] = key.split("|");
  return new Promise<void>((resolve, reject) => {
    const watcher = (read: SlotContext) => {
      const refusal = refuse(facilityType, date, read);
      if (!refusal) return;
      gate.watchers.delete(watcher);
      reject(refusal);
    };
    gate.watchers.add(watcher);
    before.then(() => {
      if (!gate.watchers.delete(watcher)) return;
      resolve();
    });
  });
}

export async function inFacilityDayTurn<T>(
  database: object,
  items: ReadonlyArray<{ facilityType: string; date: string }>,
  run: (turn: FacilityDayTurn) => Promise<T>,
  refuse?: RefuseWhileWaiting,
): Promise<T> {
  const registry = registryOf(database);
  const gates = registry.gates;
  const keys = [...new Set(items.map((i) => `${i.facilityType}|${i.date}`))].sort();
  const releases: Array<() => void> = [];
  try {
    // In sorted order, like the advisory locks, so two carts never wait on each other.
    for (const key of keys) {
      const gate = gates.get(key) ?? { tail: Promise.resolve(), waiting: 0, read: null, watchers: new Set() };
      gates.set(key, gate);
      gate.waiting++;
      const before = gate.tail;
      let release = () => {};
      gate.tail = new Promise<void>((done) => {
        release = done;
      });
      let left = false;
      releases.push(() => {
        gate.waiting--;
        if (gate.waiting === 0) gates.delete(key);
        // A request refused while waiting passes its place on only when its own turn would have
        // come, so the queue still runs one at a time.
        if (left) before.then(release);
        else release();
      });
      try {
        await waitTurn(gate, before, key, refuse);
      } catch (err) {
        left = true;
        throw err;
      }
    }
    return await run({
      // Only a read that has come back: waiting for one in flight would hold up the queue.
      snapshot: (facilityType, date, now) =>
        freshRead(gates.get(`${facilityType}|${date}`), now)?.value ?? null,
      begin: () => registry.generation,
      leave: (facilityType, date, context, begun, now) => {
        if (registry.generation !== begun) return;
        const key = `${facilityType}|${date}`;
        const read: SharedRead = { context: Promise.resolve(context), at: now.getTime(), value: context };
        registry.recent.set(key, read);
        const gate = gates.get(key);
        if (gate && gate.waiting > 1) {
          gate.read = read;
          tellWatchers(gate, context);
        }
      },
    });
  } finally {
    for (const release of releases.reverse()) release();
  }
}

/**
 * The committed schedule of a facility day for a request about to queue for it: null when no hold
 * for that day is queued in this process (alone, the transaction reads the same anyway); else the
 * queue's fresh read, or one read started now with `load` and shared by every request that asks
 * before it is forgotten.
 */
export function sharedScheduleRead(
  database: object,
  facilityType: string,
  date: string,
  now: Date,
  load: () => Promise<SlotContext>,
): Promise<SlotContext> | SlotContext | null {
  const registry = registryOf(database);
  const key = `${facilityType}|${date}`;
  const gate = registry.gates.get(key);
  if (!gate) {
    // Nobody queued: the last transaction's read, if it is fresh; else the transaction reads.
    const recent = registry.recent.get(key);
    if (!recent) return null;
    if (now.getTime() - recent.at < SHARED_READ_MS) return recent.value ?? null;
    registry.recent.delete(key);
    return null;
  }
  const fresh = freshRead(gate, now);
  if (fresh) return fresh.value ?? fresh.context;
  const begun = registry.generation;
  const context = load();
  const read: SharedRead = { context, at: now.getTime() };
  gate.read = read;
  context.then(
    (value) => {
      read.value = value;
      // A write came while it was read: those already waiting for it may use it, no one else.
      if (registry.generation !== begun) {
        if (gate.read === read) gate.read = null;
      } else if (gate.read === read) {
        tellWatchers(gate, value);
      }
    },
    () => {
      if (gate.read === read) gate.read = null;
    },
  );
  return context;
}

/**
 * Forgets every shared read of this database's facility days: called on every write of this
 * process that may have freed a place, and when another instance says it wrote (src/server/app.ts,
 * src/server/bootstrap.ts).
 */
export function forgetScheduleReads(database: object): void {
  const registry = registries.get(database);
  if (!registry) return;
  registry.generation++;
  registry.limits = null;
  registry.recent.clear();
  for (const gate of registry.gates.values()) gate.read = null;
}

/**
 * The venue's hold limits for a request in its facility day's turn: one read (at most
 * `SHARED_READ_MS` old, forgotten on every write like the schedule reads, so a settings change is
 * seen by the next hold) serves every hold in that time, instead of one read per request.
 */
export function sharedLimitsRead<V>(database: object, load: () => Promise<V>): Promise<V> {
  const registry = registryOf(database);
  const at = performance.now();
  const known = registry.limits;
  if (known && at - known.at < SHARED_READ_MS) return known.value as Promise<V>;
  const begun = registry.generation;
  const value = load();
  const entry = { value, at };
  registry.limits = entry;
  value.then(
    () => {
      if (registry.generation !== begun && registry.limits === entry) registry.limits = null;
    },
    () => {
      if (registry.limits === entry) registry.limits = null;
    },
  );
  return value;
}

/** How many holds for this facility day are queued (or running) in this process. */
export function holdsQueuedFor(database: object, facilityType: string, date: string): number {
  return registries.get(database)?.gates.get(`${facilityType}|${date}`)?.waiting ?? 0;
}
