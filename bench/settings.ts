// The bench's settings (environment and --short) and its budgets: bench/run.ts reads them once.
// `npm run bench -- --short` (or BENCH_SHORT=1): a quick run for development (fewer connections,
// seconds and clients, no three-year history, no Lighthouse). docs/performance.md lists the rest.

export const SHORT = process.argv.includes("--short") || process.env.BENCH_SHORT === "1";
export const SECONDS = Number(process.env.BENCH_SECONDS ?? (SHORT ? "4" : "8"));
/** The figures printed for information beside the budgets' (1 and 64 connections, the cache): half as long. */
export const SIDE_SECONDS = Math.max(3, Math.round(SECONDS / 2));
export const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? "3");
export const DATABASES = (process.env.BENCH_DATABASES ?? "postgres,pglite").split(",").map((s) => s.trim());
export const FRONTEND = process.env.BENCH_FRONTEND ? process.env.BENCH_FRONTEND !== "false" : !SHORT;
export const POSTGRES_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
/**
 * `--info` (or BENCH_INFO=1): also the figures printed for information only, which no budget reads:
 * uncached availability at 1 and 64 connections, the 1-second cache's, the bare node:http answer and
 * Lighthouse on /admin. A full run leaves them out to keep its 12 minutes (decision 046).
 */
export const INFO = process.argv.includes("--info") || process.env.BENCH_INFO === "1";
export const HOT_CONNECTIONS = INFO && !SHORT ? [1, 16, 64] : [16];
export const RUSH_CLIENTS = 1000;
/**
 * Rushes per server, one after another on the same day (each cancels its winners' holds). The
 * first after a server starts pays for V8 compiling the refusal path while it runs (~1.6x the
 * server's CPU of the later ones, docs/decisions/024); a venue's server meets most openings having
 * run the day before's. The budgets read the median rush; the first is printed on its own line.
 */
export const RUSH_ROUNDS = 3;
export const CONTENTION_CLIENTS = 200;
export const HOLDS_PER_CLIENT = SHORT ? 8 : 16;
export const JOURNEY_CLIENTS = 16;
export const JOURNEY_PER_CLIENT = SHORT ? 3 : 6;
export const HISTORY = !SHORT;
/** The newcomer's default (`npm start`) under mixed load before its memory is read (issue 35 item 4). */
export const NEWCOMER_SECONDS = Number(process.env.BENCH_NEWCOMER_SECONDS ?? (SHORT ? "20" : "300"));
export const UNCACHED = { AVAILABILITY_CACHE_MS: "0" };
/** A full run (both databases) on an idle machine takes at most this long (issue 35 item 5). */
export const FULL_RUN_MINUTES = 12;
/**
 * The growth figures: this many windows each on the grown database and on its twin, alternating
 * (seeded, grown, grown, seeded: a steady drift of the machine weighs on both alike), and averaged.
 */
export const GROWTH_WINDOWS = 2;
/** How the table names the growth windows' figure. */
export const windowsText = `${GROWTH_WINDOWS === 2 ? "mean" : "median"} of ${GROWTH_WINDOWS} windows`;

// The budgets (issues 7 and 16), on the uncached server. Milliseconds, requests/s, bytes, points.
export const BUDGET = {
  availabilityP99Ms: { postgres: 25, pglite: 100 },
  availabilityRps: { postgres: 1200, pglite: 200 },
  floorRatio: 0.5,
  growthP50: 0.2,
  holdsPerSecond: { postgres: 100, pglite: 60 },
  contentionP99Ms: 300,
  rushRequestP99Ms: 1000,
  rushLoserToldMs: 2000,
  /**
   * Issue 35 item 2: the whole paid booking, 16 clients, at least twice PostgreSQL's 67.1/s before
   * the hold brought its checkout (2026-11-27 full run); the embedded database's for information.
   */
  journeyPerSecond: { postgres: 134, pglite: 0 },
  journeyP99Ms: 500,
  /** Issue 33: each report's query on three years of a busy venue. */
  reportP99Ms: 500,
  /**
   * Issue 33 item 4 ("streamed at a steady memory"), decision 048: the year's bookings CSV is
   * downloaded from a server whose V8 heap is held to this many MB (--max-old-space-size). One that
   * streams it a batch at a time completes; one that held the year (tried: 385 MB more) does not.
   */
  exportHeapMb: 96,
};
/** `BENCH_ONLY=reports`: per database, only the history, the reports' rows and the export's. */
export const REPORTS_ONLY = process.env.BENCH_ONLY === "reports";
