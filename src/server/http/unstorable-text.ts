// Text no column of this app can hold as sent, refused at the contract edge like any other invalid
// input: PostgreSQL text cannot hold U+0000 (SQLSTATE 22021), and a lone UTF-16 surrogate cannot be
// written into jsonb (the audit log's before and after), so it would be a 500 deep inside a use case.

type Path = Array<string | number>;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Where the first NUL character or lone surrogate sits in a validated input (a path of keys), or null. */
export function findUnstorableText(value: unknown, path: Path = [], depth = 0): Path | null {
  if (typeof value === "string") return value.includes("\u0000") || LONE_SURROGATE.test(value) ? path : null;
  // Files are bytes, not text; validated inputs are shallow, the depth cap is only a guard.
  if (value === null || typeof value !== "object" || value instanceof Blob || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = findUnstorableText(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}
