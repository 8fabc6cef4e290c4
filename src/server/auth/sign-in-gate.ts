import type { Database } from "../db/client";
import { PoolWaitTimeout } from "../db/pg-errors";

// Issue 30 item 3: 500 parallel wrong sign-ins on one account each took one of the pool's
// connections and then waited on the account's advisory lock (login-throttle.ts), so every other
// request queued for a connection: another visitor's availability waited up to 17.5 s and
// /api/health answered 503. Now, inside this process and before any connection is taken:
// - the attempts on one account take turns in a queue of their own, holding nothing; the
//   advisory lock still orders them against other instances (the shared counter);
// - while a queue lasts, a refusal the throttle decided for an account and address also answers
//   the attempts of that address that were queued when it was decided, and those that come within
//   a second after, without a round trip (it can only refuse: nothing but time or a password reset
//   lifts a refusal; the memory is forgotten when the queue empties);
// - sign-in as a whole (the throttle's decision, the password check, the session) holds at most
//   SIGN_IN_POOL_SHARE of the pool's connections; the rest of the app keeps the others.
// A caller that waits longer than the pool's own wait is told the database is busy (503), as it
// would be by the pool.

/** The share of the pool's connections sign-in may hold at once (at least one). */
export const SIGN_IN_POOL_SHARE = 0.3;
/** How long a refusal answers the attempts queued behind it, at most (ms). */
export const REFUSAL_MEMORY_MS = 1000;

type AccountQueue = {
  tail: Promise<void>;
  waiting: number;
  /** Addresses the throttle refused for this account while the queue lasted: when, and the last arrival then. */
  refused: Map<string, { at: number; arrivals: number }>;
  /** Attempts that joined this queue so far. */
  arrivals: number;
};
type Gate = {
  places: number;
  busy: number;
  waiters: Array<() => void>;
  accounts: Map<string, AccountQueue>;
};
const gates = new WeakMap<Database, Gate>();

function gateOf(database: Database): Gate {
  let gate = gates.get(database);
  if (!gate) {
    const places = Math.max(1, Math.floor(database.poolUsage().max * SIGN_IN_POOL_SHARE));
    gate = { places, busy: 0, waiters: [], accounts: new Map() };
    gates.set(database, gate);
  }
  return gate;
}

/** The number of connections sign-in may hold at once on this database. */
export function signInPlaces(database: Database): number {
  return gateOf(database).places;
}

/** Resolves with a release function once a place is free; rejects at the deadline (performance.now()). */
function takePlace(gate: Gate, deadline: number): Promise<() => void> {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    const next = gate.waiters.shift();
    if (next) next();
    else gate.busy--;
  };
  if (gate.busy < gate.places) {
    gate.busy++;
    return Promise.resolve(release);
  }
  return new Promise((resolve, reject) => {
    const waiter = () => {
      clearTimeout(timer);
      resolve(release);
    };
    const timer = setTimeout(
      () => {
        const index = gate.waiters.indexOf(waiter);
        if (index >= 0) gate.waiters.splice(index, 1);
        reject(new PoolWaitTimeout("sign-in"));
      },
      Math.max(0, deadline - performance.now()),
    );
    gate.waiters.push(waiter);
  });
}

/** Runs `work` holding one of sign-in's places, waiting at most the pool's wait for one. */
export async function withSignInPlace<T>(database: Database, work: () => Promise<T>): Promise<T> {
  const release = await takePlace(gateOf(database), performance.now() + database.timeouts.poolWaitMs);
  try {
    return await work();
  } finally {
    release();
  }
}

/** Waits for `before`, or rejects at the deadline (the turn is then passed on as soon as it comes). */
function waitUntil(before: Promise<void>, deadline: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new PoolWaitTimeout("sign-in")),
      Math.max(0, deadline - performance.now()),
    );
  });
  return Promise.race([before, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The throttle's decision for one attempt, in the account's turn and one of sign-in's places.
 * `decide` returns the attempt's id, or null when the throttle refuses it.
 */
export async function decideInAccountTurn(
  database: Database,
  account: string,
  address: string,
  decide: () => Promise<number | null>,
): Promise<number | null> {
  const gate = gateOf(database);
  const deadline = performance.now() + database.timeouts.poolWaitMs;
  let queue = gate.accounts.get(account);
  if (!queue) {
    queue = { tail: Promise.resolve(), waiting: 0, refused: new Map(), arrivals: 0 };
    gate.accounts.set(account, queue);
  }
  const own = queue;
  const before = own.tail;
  let done = () => {};
  own.tail = new Promise<void>((resolve) => {
    done = resolve;
  });
  own.waiting++;
  const arrival = ++own.arrivals;
  try {
    // A caller that gives up still passes the turn on only once the one ahead is done.
    await waitUntil(before, deadline).catch((err) => {
      void before.then(done);
      done = () => {};
      throw err;
    });
    // Each turn starts in a task of its own: a queue of refusals answered from memory would
    // otherwise run as one chain of microtasks, and no other request would be served meanwhile.
    await new Promise((resolve) => setImmediate(resolve));
    // An attempt that was already queued when the refusal was decided came with it (a burst): the
    // same answer. One that came later is answered from it for a second at most.
    const refusal = own.refused.get(address);
    if (refusal && (arrival <= refusal.arrivals || performance.now() - refusal.at < REFUSAL_MEMORY_MS)) {
      return null;
    }
    const release = await takePlace(gate, deadline);
    try {
      const id = await decide();
      if (id === null) own.refused.set(address, { at: performance.now(), arrivals: own.arrivals });
      else own.refused.delete(address);
      return id;
    } finally {
      release();
    }
  } finally {
    done();
    own.waiting--;
    if (own.waiting === 0 && gate.accounts.get(account) === own) gate.accounts.delete(account);
  }
}
