// PostgreSQL text cannot hold U+0000 (it fails with SQLSTATE 22021) and no field of this app has a
// use for it, so the contract edge refuses it like any other invalid input (issue 7 hardening).

type Path = Array<string | number>;

/** Where the first NUL character sits in a validated input (a path of keys), or null. */
export function findNulCharacter(value: unknown, path: Path = [], depth = 0): Path | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  // Files are bytes, not text; validated inputs are shallow, the depth cap is only a guard.
  if (value === null || typeof value !== "object" || value instanceof Blob || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = findNulCharacter(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}
