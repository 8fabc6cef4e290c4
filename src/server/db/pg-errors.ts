// PostgreSQL error codes the booking flow reacts to. Drizzle wraps driver errors (DrizzleQueryError),
// so the code is looked for along the `cause` chain; both pg and PGlite put it on `.code`.
export const PG_EXCLUSION_VIOLATION = "23P01";
export const PG_UNIQUE_VIOLATION = "23505";
export const PG_SERIALIZATION_FAILURE = "40001";
export const PG_DEADLOCK_DETECTED = "40P01";
/** Text the database cannot store, e.g. a NUL character ("invalid byte sequence for encoding UTF8"). */
export const PG_CHARACTER_NOT_IN_REPERTOIRE = "22021";

export function pgErrorCode(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isExclusionViolation = (err: unknown) => pgErrorCode(err) === PG_EXCLUSION_VIOLATION;

/** A transaction that lost a lock race and may simply be run again. */
export const isRetryableTransactionError = (err: unknown) => {
  const code = pgErrorCode(err);
  return code === PG_SERIALIZATION_FAILURE || code === PG_DEADLOCK_DETECTED;
};

/**
 * A caller waited longer than the pool's own wait for a connection (or, for sign-in, for one of
 * its places: src/server/auth/sign-in-gate.ts): the database is too busy or away, a 503.
 */
export class PoolWaitTimeout extends Error {
  constructor(what: string) {
    super(`${what}: timeout exceeded when trying to connect`);
    this.name = "PoolWaitTimeout";
  }
}

const UNAVAILABLE_SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);
const UNAVAILABLE_MESSAGES =
  /Query read timeout|timeout expired|timeout exceeded when trying to connect|Connection terminated|Cannot use a pool after calling end|Client has encountered a connection error|Client was closed|PGlite is closed|connection timeout/i;

/**
 * The database is away (down, frozen, restarting, refusing connections) or a statement ran past
 * its timeout: nothing the request did wrong, so the answer is a 503 and "try again", not a 500.
 * 08xxx connection exceptions, 57P01–57P03 shutdown/cannot connect now, 53300 too many
 * connections, 57014 statement timeout, 25P03 idle-in-transaction timeout.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; current && typeof current === "object" && depth < 6; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string") {
      if (UNAVAILABLE_SOCKET_CODES.has(code)) return true;
      if (
        /^08[0-9A-Z]{3}$/.test(code) ||
        ["57P01", "57P02", "57P03", "53300", "57014", "25P03"].includes(code)
      ) {
        return true;
      }
    }
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
