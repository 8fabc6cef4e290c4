/**
 * A value the code has just made sure exists: the row an insert … returning() wrote, a row read back
 * inside the transaction that wrote or locked it, a key of a fixed table. Throws (a 500, logged) if
 * that ever stops being true, instead of carrying `undefined` on into a response or another write.
 */
export function present<T>(value: T | null | undefined, what = "value"): T {
  if (value === null || value === undefined) throw new Error(`expected a ${what}, found none`);
  return value;
}
