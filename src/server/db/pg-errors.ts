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
