import { lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimitHits } from "../db/schema";

// A fixed-window counter in the database, so every instance counts the same hits: one atomic
// upsert per hit (no read-then-write race between parallel requests).

export type RateLimit = { limit: number; windowMs: number };

const windowStartOf = (now: Date, windowMs: number) =>
  new Date(Math.floor(now.getTime() / windowMs) * windowMs);

/**
 * Takes one place in the bucket's current window. Returns whether the hit is within the limit and,
 * when it is not, how many seconds are left until the window ends (Retry-After).
 */
export async function takeRateLimitHit(
  db: Db,
  bucket: string,
  rule: RateLimit,
  now: Date,
): Promise<{ allowed: boolean; retryAfter: number; windowStart: Date }> {
  const windowStart = windowStartOf(now, rule.windowMs);
  const [row] = await db
    .insert(rateLimitHits)
    .values({ bucket, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.bucket, rateLimitHits.windowStart],
      set: { hits: sql`${rateLimitHits.hits} + 1` },
    })
    .returning({ hits: rateLimitHits.hits });
  const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + rule.windowMs - now.getTime()) / 1000));
  return { allowed: (row?.hits ?? 1) <= rule.limit, retryAfter, windowStart };
}

/**
 * How long a window's counter is kept after it starts: a day, far longer than any window a limit
 * uses (the longest is 15 minutes), so a counter is never pruned while its window can still count.
 */
export const RATE_LIMIT_KEEP_MS = 24 * 60 * 60_000;

/**
 * Deletes the counters of windows that ended long ago (a background job): without it every address
 * that ever tried a link would leave a row behind for good. Any instance may run it at any time;
 * deleting an old window twice deletes nothing the second time. Returns how many were deleted.
 */
export async function pruneRateLimitHits(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - RATE_LIMIT_KEEP_MS);
  const deleted = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.windowStart, before))
    .returning({ bucket: rateLimitHits.bucket });
  return deleted.length;
}
