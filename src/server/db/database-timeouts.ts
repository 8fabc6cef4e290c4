/**
 * Timeouts for a database that stops answering (decision record 014, issue 30 item 9). A frozen
 * server cannot enforce its own statement_timeout, so the client has its own, a little longer.
 * Opening a connection has a short limit of its own; waiting for a free place in the pool a long
 * one, so a queue of bookings under load is served, not refused. A frozen database is told from a
 * busy one by the stall watch (stall-watch.ts): after `stallMs` without an answer while anyone
 * waits, everyone waiting is answered 503. Configurable: DB_* in src/server/lib/config.ts.
 */
export type DatabaseTimeouts = {
  connectMs: number;
  poolWaitMs: number;
  statementMs: number;
  queryMs: number;
  idleInTransactionMs: number;
  /** Silence (a third) plus an unanswered probe (two thirds) after which the database counts as frozen. */
  stallMs: number;
  pingMs: number;
};

/** The bounds a caller may set (the server's settings: config.ts DB_*); the rest follow from them. */
export type GivenTimeouts = Partial<
  Pick<DatabaseTimeouts, "connectMs" | "poolWaitMs" | "statementMs" | "stallMs">
>;

/** How much longer than the server's statement_timeout the client waits for an answer. */
const CLIENT_MARGIN_MS = 2_000;

/** The defaults, the same as config.ts's. */
export const DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5_000,
  poolWaitMs: 30_000,
  statementMs: 10_000,
  queryMs: 10_000 + CLIENT_MARGIN_MS,
  idleInTransactionMs: 15_000,
  stallMs: 1_500,
  /** /api/health answers 503 after this, whatever the pool is doing. */
  pingMs: 1_200,
};

export function databaseTimeouts(given: GivenTimeouts = {}): DatabaseTimeouts {
  const statementMs = given.statementMs ?? DATABASE_TIMEOUTS.statementMs;
  return {
    ...DATABASE_TIMEOUTS,
    connectMs: given.connectMs ?? DATABASE_TIMEOUTS.connectMs,
    poolWaitMs: given.poolWaitMs ?? DATABASE_TIMEOUTS.poolWaitMs,
    stallMs: given.stallMs ?? DATABASE_TIMEOUTS.stallMs,
    statementMs,
    queryMs: statementMs + CLIENT_MARGIN_MS,
  };
}

/** `work`, or a rejection once `ms` have passed without its answer (the ping's bound). */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: connection timeout after ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
