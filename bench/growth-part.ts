// Growth that can happen (100,000 abandoned holds on the bookable dates, a year of future bookings,
// and in a full run three years of history), compared with the seeded database without it, in
// alternating windows (seeded, grown, grown, seeded, …). Measured minutes apart, as it was, the
// machine's drift alone moved the p50s by -25% to +98% from run to run. The grown copy is taken
// from the seeded database before the load figures and grown then (`prepareGrowth`, which measures
// nothing, so the bench runs it beside npm start's sustained load). The seeded database itself is
// the twin without the growth: its raw floor and its uncached availability windows are the budget
// figures' own, taken alternating with the grown copy's (`rawFloors`, `alternateAvailability`),
// not a second copy measured again; the reports and the export come after the load figures
// (`growthReports`).
import { venueToday } from "../src/domain/venue-time";
import { median } from "./frontend";
import { load, log, part, rawFloorOf, withServer } from "./harness";
import type { LatencyFigure } from "./load";
import { reportRows } from "./reports-part";
import type { DatabaseResult, Growth, RawFloor } from "./results";
import { type DatabaseTarget, runScript, serverRuntime, twinOf } from "./server";
import { GROWTH_WINDOWS, HISTORY, SECONDS } from "./settings";

export type GrowthCopies = { grown: DatabaseTarget };

/**
 * A copy of the seeded `target` (no process may have it open) that takes the growth (and in a full
 * run three years of history); then both vacuumed, the copy and the seeded database, its twin.
 */
export async function prepareGrowth(
  target: DatabaseTarget,
  r: DatabaseResult,
): Promise<GrowthCopies | undefined> {
  const { failures } = r;
  const db = target.label;
  log(`${db}: a grown copy of the database`);
  const grown = await part(failures, "grown copy", () => twinOf(target, "grown"));
  if (!grown) return undefined;
  log(`${db}: growth: 100,000 abandoned holds on the bookable dates, a year of future bookings`);
  r.growth = await part(failures, "growth", () => runScript<Growth>("bench/seed-growth.ts", grown.env));
  if (HISTORY) {
    log(`${db}: three years of history`);
    r.history = await part(failures, "history", () =>
      runScript<{ reservations: number; seconds: number }>("bench/seed-history.ts", grown.env),
    );
  }
  // Both as autovacuum keeps them on a running venue (bench/vacuum.ts): the grown one has just had
  // its bulk loads, the seeded one its seeding.
  log(`${db}: vacuum and analyse, grown and seeded`);
  await part(failures, "vacuum", async () => {
    await runScript("bench/vacuum.ts", grown.env);
    await runScript("bench/vacuum.ts", target.env);
  });
  return { grown };
}

/**
 * The raw floor of the seeded database (`r.rawFloor`, and `r.rawFloorTwin` for the growth row) and
 * of its grown copy, `GROWTH_WINDOWS` alternating windows each in one process (bench/raw-floor.ts),
 * each after a second of loops; the medians (of two windows, the means). Without a grown copy, one window after 2 s of loops.
 */
export async function rawFloors(
  target: DatabaseTarget,
  copies: GrowthCopies | undefined,
  r: DatabaseResult,
  date: string,
) {
  const { failures } = r;
  if (!copies) {
    r.rawFloor = await part(failures, "raw floor", () => rawFloorOf(target, date));
    return;
  }
  log(`${r.database}: raw floor, seeded and grown, ${GROWTH_WINDOWS} alternating windows each`);
  const floors = await part(failures, "raw floor, seeded and grown", () =>
    runScript<{ seeded: RawFloor[]; grown: RawFloor[] }>(
      "bench/raw-floor.ts",
      {
        ...target.env,
        BENCH_GROWN: JSON.stringify(copies.grown.env),
        BENCH_WINDOWS: String(GROWTH_WINDOWS),
        BENCH_DATE: date,
        BENCH_SECONDS: String(Math.max(3, Math.round(SECONDS / 2))),
        BENCH_CONCURRENCY: "16",
        BENCH_WARMUP_MS: "1000",
      },
      serverRuntime().node,
    ),
  );
  if (!floors) return;
  r.rawFloor = medianFloor(floors.seeded);
  r.rawFloorTwin = r.rawFloor;
  r.rawFloorWithGrowth = medianFloor(floors.grown);
}

/**
 * Uncached availability at 16 connections on the seeded database's server (`url`) and on the grown
 * copy's (`grownUrl`), `GROWTH_WINDOWS` alternating windows of half a load figure each, a second of
 * warm-up in each: the medians (of two windows, the means). The seeded one's is the budget's figure and the growth row's twin.
 */
export async function alternateAvailability(
  url: string,
  grownUrl: string,
  label: string,
  paths: string[],
): Promise<{ seeded: LatencyFigure; grown: LatencyFigure }> {
  const runs = { seeded: [] as LatencyFigure[], grown: [] as LatencyFigure[] };
  for (let i = 0; i < GROWTH_WINDOWS; i++) {
    const order = i % 2 === 0 ? (["seeded", "grown"] as const) : (["grown", "seeded"] as const);
    for (const which of order)
      runs[which].push(await availabilityWindow(which === "seeded" ? url : grownUrl, label, paths));
  }
  return { seeded: medianFigure(runs.seeded), grown: medianFigure(runs.grown) };
}

/** The reports and the year's export on the grown copy (a full run), then the copy dropped. */
export async function growthReports(copies: GrowthCopies | undefined, r: DatabaseResult) {
  if (!copies) return;
  try {
    if (HISTORY) await reportRows(copies.grown, r, venueToday(new Date()));
  } finally {
    await copies.grown.drop();
  }
}

/** The grown copy's server (uncached) around `run`, or `run` alone when there is no copy. */
export async function withGrownServer(
  copies: GrowthCopies | undefined,
  env: Record<string, string>,
  run: (grownUrl: string | undefined) => Promise<void>,
) {
  if (!copies) return run(undefined);
  return withServer(copies.grown, env, (server) => run(server.url));
}

/** One window of uncached availability at 16 connections, half a load figure long. */
async function availabilityWindow(url: string, label: string, paths: string[]): Promise<LatencyFigure> {
  const [figure] = await load<LatencyFigure[]>({
    kind: "availability",
    url,
    label,
    paths,
    connections: [16],
    seconds: Math.max(3, Math.round(SECONDS / 2)),
    // The servers have had the windows before this one; a second warms this process's load.
    warmup: 1,
  });
  if (!figure) throw new Error("the load gave no figure");
  return figure;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The windows' medians (each figure on its own; of two windows, their means), errors summed. */
function medianFigure(windows: LatencyFigure[]): LatencyFigure {
  const first = windows[0];
  if (!first) throw new Error("no windows");
  return {
    label: first.label,
    connections: first.connections,
    rps: Math.round(median(windows.map((w) => w.rps))),
    p50: round2(median(windows.map((w) => w.p50))),
    p99: round2(median(windows.map((w) => w.p99))),
    non2xx: windows.reduce((n, w) => n + w.non2xx, 0),
    errors: windows.reduce((n, w) => n + w.errors, 0),
  };
}

function medianFloor(windows: RawFloor[]): RawFloor {
  const first = windows[0];
  if (!first) throw new Error("no windows");
  return {
    concurrency: first.concurrency,
    lookups: windows.reduce((n, w) => n + w.lookups, 0),
    perSecond: Math.round(median(windows.map((w) => w.perSecond))),
    p50: round2(median(windows.map((w) => w.p50))),
    p99: round2(median(windows.map((w) => w.p99))),
  };
}
