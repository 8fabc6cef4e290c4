// One database's part of the bench. `prepareDatabase` measures nothing (the busy venue, the rush's
// day opened, a grown copy; the bench runs it beside npm start's sustained load), then
// `benchDatabase` measures: the floors (the raw floor alternating with the grown copy's), the
// uncached server (bench/uncached-part.ts: availability alternating with the grown copy's server,
// then holds, contention, the rush, the journey), the cached server (and Lighthouse, once), the
// double-booking check, and the reports and export on the grown copy (growth-part.ts). The figures
// for information only run with `--info` (bench/settings.ts, decision 046).
import { addDaysToDate } from "../src/domain/venue-time";
import { frontendPart, lighthouseDone } from "./frontend-part";
import { type GrowthCopies, growthReports, prepareGrowth, rawFloors, withGrownServer } from "./growth-part";
import { bareAvailability, load, log, part, stage, withServer } from "./harness";
import { availabilityPath, type LatencyFigure, rotatingPaths } from "./load";
import type { DatabaseResult, SeedSummary, SharedFigures } from "./results";
import { type DatabaseTarget, runScript } from "./server";
import { FRONTEND, INFO, SECONDS, SIDE_SECONDS, UNCACHED } from "./settings";
import { measureUncachedAvailability, measureUncachedBookings } from "./uncached-part";

/** The bare HTTP half of the lookup's floor, measured in the first database's part. */
let bareHalf: LatencyFigure | undefined;

export type PreparedDatabase = { r: DatabaseResult; seed?: SeedSummary; copies?: GrowthCopies };

/** The seeded busy venue with its rush day open, and its grown copy and twin: no figure. */
export async function prepareDatabase(target: DatabaseTarget): Promise<PreparedDatabase> {
  const r: DatabaseResult = {
    database: target.label,
    kind: target.kind,
    uncached: [],
    cached: [],
    uncachedWithGrowth: [],
    uncachedTwin: [],
    rushRounds: [],
    failures: [],
  };
  const { failures } = r;
  const db = target.label;
  log(`${db}: seeding the busy venue`);
  const seed = await part(failures, "seed", () =>
    runScript<SeedSummary>("bench/seed-busy-venue.ts", target.env),
  );
  if (!seed) return { r };
  r.seed = seed;
  log(
    `${db}: ${seed.reservations} reservations (${Math.round(seed.fill * 100)}% full), busiest ${seed.busiestDate}`,
  );
  await part(failures, "rush day", () =>
    runScript("bench/open-rush-day.ts", { ...target.env, BENCH_DATE: rushDay(seed) }),
  );
  return { r, seed, copies: await prepareGrowth(target, r) };
}

const rushDay = (seed: SeedSummary) => addDaysToDate(seed.today, 10);

export async function benchDatabase(
  target: DatabaseTarget,
  shared: SharedFigures,
  { r, seed, copies }: PreparedDatabase,
): Promise<DatabaseResult> {
  const { failures } = r;
  const db = target.label;
  if (!seed) return r;
  const rushDate = rushDay(seed);
  const contentionDate =
    [3, 4].map((d) => addDaysToDate(seed.today, d)).find((d) => d !== seed.busiestDate) ?? "";
  const hot = [availabilityPath(seed.busiestDate)];
  const rotating = rotatingPaths(seed.today);
  await stage(`${db}: floors`, async () => {
    await rawFloors(target, copies, r, seed.busiestDate);
    if (target.kind === "postgres") {
      log(`${db}: pgbench on the lookup's statement`);
      r.pgbench = await part(failures, "pgbench floor", () =>
        runScript<{ perSecond: number; latencyAverageMs: number }>("bench/pgbench-floor.ts", {
          ...target.env,
          BENCH_DATE: seed.busiestDate,
          BENCH_SECONDS: String(Math.max(3, Math.round(SECONDS / 2))),
        }),
      );
    }
    // The bare answer has no database: the same figure for every database, measured once a run,
    // for information (`--info`).
    if (INFO && !bareHalf) {
      log(`${db}: the lookup's HTTP half of its floor, a bare node:http answer of the same size`);
      bareHalf = await part(failures, "bare HTTP answer (availability shape)", () => bareAvailability(hot));
    }
    r.bareAvailability = bareHalf;
    log(`${db}: the lookup's floor served: its read and the bare answer, one node:http process`);
    r.servedFloor = await part(failures, "served floor", () =>
      bareAvailability(hot, {
        script: "bench/served-floor.ts",
        env: { ...target.env, BENCH_DATE: seed.busiestDate },
      }),
    );
  });
  const plan = { seed, hot, rotating, contentionDate, rushDate };
  await stage(`${db}: the uncached server (with the grown copy's beside it for the reads)`, () =>
    part(failures, "uncached server", () =>
      withServer(target, UNCACHED, async (server) => {
        // The grown copy's server serves only the alternating reads; it stops before the holds, so
        // that its jobs (100,000 abandoned holds to expire) run beside no booking figure.
        const done = await part(failures, "the grown copy's server", async () => {
          await withGrownServer(copies, UNCACHED, (grownUrl) =>
            measureUncachedAvailability(server.url, r, plan, grownUrl),
          );
          return true;
        });
        // Without the grown copy's server the reads are still measured, alone.
        if (!done && r.uncached.length === 0) await measureUncachedAvailability(server.url, r, plan);
        await measureUncachedBookings(server.url, r, plan);
      }),
    ),
  );
  // The cached server: the 1-second cache's reads (for information, `--info`) and, once a run,
  // Lighthouse. Without either it is not started.
  const frontend = FRONTEND && !lighthouseDone();
  if (INFO || frontend) {
    await stage(`${db}: the cached server${frontend ? " and the front end" : ""}`, () =>
      part(failures, "cached server", () =>
        withServer(target, {}, async (server) => {
          const url = server.url;
          if (INFO) r.cached = (await cachedReads(url, r, hot, rotating)) ?? [];
          if (frontend) await frontendPart(url, shared);
        }),
      ),
    );
  }
  const overlaps = await part(failures, "double-booking check", () =>
    runScript<{ doubleBookings: number }>("bench/check-overlaps.ts", target.env),
  );
  r.doubleBookings = overlaps?.doubleBookings;
  await stage(`${db}: the reports and the export on the grown copy`, () => growthReports(copies, r));
  return r;
}

/** The 1-second cache's reads, hot date and rotating, 16 connections (information). */
function cachedReads(url: string, r: DatabaseResult, hot: string[], rotating: string[]) {
  log(`${r.database}: cached availability (the 1-second cache, for information)`);
  return part(r.failures, "cached availability", async () => [
    ...(await load<LatencyFigure[]>({
      kind: "availability",
      url,
      label: "hot date",
      paths: hot,
      connections: [16],
      seconds: SIDE_SECONDS,
    })),
    ...(await load<LatencyFigure[]>({
      kind: "availability",
      url,
      label: "rotating",
      paths: rotating,
      connections: [16],
      seconds: SIDE_SECONDS,
    })),
  ]);
}
