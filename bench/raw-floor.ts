// The raw floor for `npm run bench`: the availability lookup's own queries (loadSlotContext, the
// same code the API runs) in tight loops straight through the database driver, with no HTTP, no
// slot generation and no JSON. Run as its own process with DATABASE_URL or DATA_DIR, and
// BENCH_DATE, BENCH_SECONDS, BENCH_CONCURRENCY, BENCH_WARMUP_MS (default 2000); prints one JSON line.

import { openDatabase } from "../src/server/db/client";
import { loadSlotContext } from "../src/server/kernel/schedule/slot-context";

const date = process.env.BENCH_DATE ?? "";
const seconds = Number(process.env.BENCH_SECONDS ?? "5");
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? "16");
const warmupMs = Number(process.env.BENCH_WARMUP_MS ?? "2000");

// The server's own pool size (src/server/db/client.ts), so the comparison is like for like.
const database = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR,
});
const db = database.db;

async function loop(until: number, times: number[]) {
  while (performance.now() < until) {
    const started = performance.now();
    await loadSlotContext(db, "court", date, new Date());
    times.push(performance.now() - started);
  }
}

// Warm-up, then the measured run.
await Promise.all(Array.from({ length: concurrency }, () => loop(performance.now() + warmupMs, [])));
const times: number[] = [];
const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, () => loop(started + seconds * 1000, times)));
const elapsed = (performance.now() - started) / 1000;
await database.close();

times.sort((a, b) => a - b);
const at = (p: number) => Math.round((times[Math.ceil((p / 100) * times.length) - 1] ?? 0) * 100) / 100;
console.log(
  JSON.stringify({
    concurrency,
    lookups: times.length,
    perSecond: Math.round(times.length / elapsed),
    p50: at(50),
    p99: at(99),
  }),
);
