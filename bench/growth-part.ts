// Growth that can happen (100,000 abandoned holds on the bookable dates, a year of future bookings,
// and in a full run three years of history), compared with a twin of the database without it, in
// alternating windows (twin, grown, grown, twin, …). Measured minutes apart, as it was, the
// machine's drift alone moved the p50s by -25% to +98% from run to run. Both copies are taken from
// the seeded database before the load figures, and grown then (`prepareGrowth`, which measures
// nothing, so the bench runs it beside npm start's sustained load); the windows come after the
// load figures (`measureGrowth`).
import { venueToday } from "../src/domain/venue-time";
import { median } from "./frontend";
import { load, log, part, rawFloorOf, withServer } from "./harness";
import type { LatencyFigure } from "./load";
import { reportRows } from "./reports-part";
import type { DatabaseResult, Growth, RawFloor } from "./results";
import { type DatabaseTarget, runScript, twinOf } from "./server";
import { GROWTH_WINDOWS, HISTORY, SECONDS, UNCACHED } from "./settings";

export type GrowthCopies = { grown: DatabaseTarget; twin: DatabaseTarget };

/**
 * Two copies of the seeded `target` (no process may have it open): one takes the growth (and in a
 * full run three years of history), the other stays as it was; both vacuumed.
 */
export async function prepareGrowth(
  target: DatabaseTarget,
  r: DatabaseResult,
): Promise<GrowthCopies | undefined> {
  const { failures } = r;
  const db = target.label;
  log(`${db}: a grown copy of the database and its twin`);
  const twin = await part(failures, "twin", () => twinOf(target));
  if (!twin) return undefined;
  const grown = await part(failures, "grown copy", () => twinOf(target, "grown"));
  if (!grown) {
    await twin.drop();
    return undefined;
  }
  log(`${db}: growth: 100,000 abandoned holds on the bookable dates, a year of future bookings`);
  r.growth = await part(failures, "growth", () => runScript<Growth>("bench/seed-growth.ts", grown.env));
  if (HISTORY) {
    log(`${db}: three years of history`);
    r.history = await part(failures, "history", () =>
      runScript<{ reservations: number; seconds: number }>("bench/seed-history.ts", grown.env),
    );
  }
  // Both copies as autovacuum keeps them on a running venue (bench/vacuum.ts): the grown one has
  // just had its bulk loads.
  log(`${db}: vacuum and analyse, grown and twin`);
  await part(failures, "vacuum", async () => {
    await runScript("bench/vacuum.ts", grown.env);
    await runScript("bench/vacuum.ts", twin.env);
  });
  return { grown, twin };
}

/** The growth figures of one database into `r`; `hot` and `rotating` are its availability paths. */
export async function measureGrowth(
  copies: GrowthCopies | undefined,
  r: DatabaseResult,
  { hot, rotating, date }: { hot: string[]; rotating: string[]; date: string },
) {
  if (!copies) return;
  const { failures } = r;
  const { grown: target, twin } = copies;
  const db = r.database;
  try {
    if (HISTORY) await reportRows(target, r, venueToday(new Date()));
    log(`${db}: raw floor, grown and twin, ${GROWTH_WINDOWS} alternating windows each`);
    const floors = await part(failures, "raw floor with growth", () =>
      // The windows compare the two copies with each other: a second's warm-up each, alike.
      alternate(
        () => rawFloorOf(target, date, 1000),
        () => rawFloorOf(twin, date, 1000),
      ),
    );
    if (floors) {
      r.rawFloorWithGrowth = medianFloor(floors.grown);
      r.rawFloorTwin = medianFloor(floors.twin);
    }
    await part(failures, "uncached servers with growth and twin", () =>
      withServer(target, UNCACHED, (grown) =>
        withServer(twin, UNCACHED, async (same) => {
          log(`${db}: uncached availability, grown and twin, ${GROWTH_WINDOWS} alternating windows each`);
          for (const [label, paths] of [
            ["hot date", hot],
            ["rotating", rotating],
          ] as const) {
            const windows = await part(failures, `uncached availability with growth (${label})`, () =>
              alternate(
                () => availabilityWindow(grown.url, label, paths),
                () => availabilityWindow(same.url, label, paths),
              ),
            );
            if (!windows) continue;
            r.uncachedWithGrowth.push(medianFigure(windows.grown));
            r.uncachedTwin.push(medianFigure(windows.twin));
          }
        }),
      ),
    );
  } finally {
    await twin.drop();
    await target.drop();
  }
}

/** `GROWTH_WINDOWS` runs of each, alternating which goes first (twin, grown, grown, twin, …). */
async function alternate<T>(grown: () => Promise<T>, twin: () => Promise<T>) {
  const runs = { grown: [] as T[], twin: [] as T[] };
  for (let i = 0; i < GROWTH_WINDOWS; i++) {
    if (i % 2 === 0) {
      runs.twin.push(await twin());
      runs.grown.push(await grown());
    } else {
      runs.grown.push(await grown());
      runs.twin.push(await twin());
    }
  }
  return runs;
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

/** The windows' medians (each figure on its own), errors summed. */
function medianFigure(windows: LatencyFigure[]): LatencyFigure {
  const first = windows[0];
  if (!first) throw new Error("no windows");
  return {
    label: first.label,
    connections: first.connections,
    rps: median(windows.map((w) => w.rps)),
    p50: median(windows.map((w) => w.p50)),
    p99: median(windows.map((w) => w.p99)),
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
    perSecond: median(windows.map((w) => w.perSecond)),
    p50: median(windows.map((w) => w.p50)),
    p99: median(windows.map((w) => w.p99)),
  };
}
