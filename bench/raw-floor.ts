// The raw floor for `npm run bench`: the availability lookup's own queries (loadSlotContext, the
// same code the API runs) in tight loops straight through the database driver, with no HTTP, no
// slot generation and no JSON. Run as its own process with DATABASE_URL or DATA_DIR, and
// BENCH_DATE, BENCH_SECONDS, BENCH_CONCURRENCY, BENCH_WARMUP_MS (default 2000); prints one JSON line.
//
// With BENCH_GROWN (JSON: the grown copy's DATABASE_URL and DATA_DIR) and BENCH_WINDOWS, both
// databases are opened in this one process and measured in alternating windows (seeded, grown,
// grown, seeded, …), each after its own warm-up; it prints { seeded: [...], grown: [...] }. One
// process for all the windows: a process and a database opened per window cost 2-3 s each of a
// quiet machine that measured nothing (bench/growth-part.ts).

import { openDatabase } from "../src/server/db/open-database";
import { loadSlotContext } from "../src/server/kernel/schedule/slot-context";

const date = process.env.BENCH_DATE ?? "";
const seconds = Number(process.env.BENCH_SECONDS ?? "5");
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? "16");
const warmupMs = Number(process.env.BENCH_WARMUP_MS ?? "2000");
const grownEnv = process.env.BENCH_GROWN
  ? (JSON.parse(process.env.BENCH_GROWN) as { DATABASE_URL?: string; DATA_DIR?: string })
  : null;
const windows = Number(process.env.BENCH_WINDOWS ?? "1");

type Db = Awaited<ReturnType<typeof openDatabase>>["db"];
type Window = { concurrency: number; lookups: number; perSecond: number; p50: number; p99: number };

async function loop(db: Db, until: number, times: number[]) {
  while (performance.now() < until) {
    const started = performance.now();
    await loadSlotContext(db, "court", date, new Date());
    times.push(performance.now() - started);
  }
}

/** A warm-up, then the measured run. */
async function measure(db: Db): Promise<Window> {
  await Promise.all(Array.from({ length: concurrency }, () => loop(db, performance.now() + warmupMs, [])));
  const times: number[] = [];
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, () => loop(db, started + seconds * 1000, times)));
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (p: number) => Math.round((times[Math.ceil((p / 100) * times.length) - 1] ?? 0) * 100) / 100;
  return {
    concurrency,
    lookups: times.length,
    perSecond: Math.round(times.length / elapsed),
    p50: at(50),
    p99: at(99),
  };
}

// The server's own pool size (src/server/db/client.ts), so the comparison is like for like.
const seeded = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR,
});
if (!grownEnv) {
  const figure = await measure(seeded.db);
  await seeded.close();
  console.log(JSON.stringify(figure));
} else {
  const grown = await openDatabase({ url: grownEnv.DATABASE_URL || undefined, dataDir: grownEnv.DATA_DIR });
  const runs = { seeded: [] as Window[], grown: [] as Window[] };
  for (let i = 0; i < windows; i++) {
    if (i % 2 === 0) {
      runs.seeded.push(await measure(seeded.db));
      runs.grown.push(await measure(grown.db));
    } else {
      runs.grown.push(await measure(grown.db));
      runs.seeded.push(await measure(seeded.db));
    }
  }
  await grown.close();
  await seeded.close();
  console.log(JSON.stringify(runs));
}
