import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

// DECISIONS.md: a guest can cancel only their own pending hold; the hold carries an unguessable
// token, returned once to the browser that made it. Only its SHA-256 is stored.

export function newHoldToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashHoldToken(token) };
}

export function hashHoldToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export function holdTokenMatches(token: string, storedHash: string): boolean {
  const a = Buffer.from(hashHoldToken(token), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}
