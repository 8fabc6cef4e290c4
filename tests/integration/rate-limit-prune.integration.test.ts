import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimitHits } from "../../src/server/db/schema";
import { pruneRateLimitHits, RATE_LIMIT_KEEP_MS, takeRateLimitHit } from "../../src/server/kernel/rate-limit";
import { createTestApp, type TestApp } from "./kits/harness";

// The rate limits' counters (kernel/rate-limit.ts) were never deleted: every address that tried a
// manage link left a row for good. The background job keeps a day of windows.
const NOW = new Date("2026-11-22T18:00:00Z");
const RULE = { limit: 10, windowMs: 15 * 60_000 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
});
afterAll(async () => t?.close());

describe("pruning the rate limits' old windows", () => {
  it("deletes windows older than a day and keeps the current ones, which still count", async () => {
    const ago = (ms: number) => new Date(NOW.getTime() - ms);
    // 1,000 addresses from two days ago, 10 from just over a day ago, 5 from an hour ago.
    await t.db.insert(rateLimitHits).values([
      ...Array.from({ length: 1000 }, (_, i) => ({
        bucket: `old:${i}`,
        windowStart: ago(2 * RATE_LIMIT_KEEP_MS),
        hits: 3,
      })),
      ...Array.from({ length: 10 }, (_, i) => ({
        bucket: `day:${i}`,
        windowStart: ago(RATE_LIMIT_KEEP_MS + 60_000),
        hits: 1,
      })),
      ...Array.from({ length: 5 }, (_, i) => ({
        bucket: `hour:${i}`,
        windowStart: ago(60 * 60_000),
        hits: 1,
      })),
    ]);
    // One address in the current window, one hit short of the limit.
    for (let i = 0; i < RULE.limit - 1; i++) await takeRateLimitHit(t.db, "now:guesser", RULE, NOW);

    expect(await pruneRateLimitHits(t.db, NOW)).toBe(1010);
    const left = await t.db.select({ bucket: rateLimitHits.bucket }).from(rateLimitHits);
    expect(left.map((r) => r.bucket).sort()).toEqual([
      "hour:0",
      "hour:1",
      "hour:2",
      "hour:3",
      "hour:4",
      "now:guesser",
    ]);

    // The current window kept its count: the 10th hit is allowed, the 11th refused.
    expect((await takeRateLimitHit(t.db, "now:guesser", RULE, NOW)).allowed).toBe(true);
    expect((await takeRateLimitHit(t.db, "now:guesser", RULE, NOW)).allowed).toBe(false);

    // A second run (another instance, the next tick) finds nothing more to delete.
    expect(await pruneRateLimitHits(t.db, NOW)).toBe(0);
  });
});
