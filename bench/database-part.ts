// One database's part of the bench. `prepareDatabase` measures nothing (the busy venue, the rush's
// day opened, a grown copy and its twin; the bench runs it beside npm start's sustained load), then
// `benchDatabase` measures: the floors, the uncached server (bench/uncached-part.ts: availability,
// holds, contention, the rush, the journey), the cached server (and the front end, once), the
// double-booking check, and growth against the twin (growth-part.ts).
import { addDaysToDate } from "../src/domain/venue-time";
import { frontendPart } from "./frontend-part";
import { type GrowthCopies, measureGrowth, prepareGrowth } from "./growth-part";
import { bareAvailability, load, log, part, rawFloorOf, withServer } from "./harness";
import { availabilityPath, type LatencyFigure, rotatingPaths } from "./load";
import type { DatabaseResult, SeedSummary, SharedFigures } from "./results";
import { type DatabaseTarget, runScript } from "./server";
import { FRONTEND, SECONDS, SIDE_SECONDS, UNCACHED } from "./settings";
import { measureUncachedServer } from "./uncached-part";

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
  log(`${db}: raw floor (the availability queries through the driver)`);
  r.rawFloor = await part(failures, "raw floor", () => rawFloorOf(target, seed.busiestDate));
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

  const hot = [availabilityPath(seed.busiestDate)];
  const rotating = rotatingPaths(seed.today);
  log(`${db}: the lookup's HTTP half of its floor, a bare node:http answer of the same size`);
  r.bareAvailability = await part(failures, "bare HTTP answer (availability shape)", () =>
    bareAvailability(hot),
  );
  log(`${db}: the lookup's floor served: its read and the bare answer, one node:http process`);
  r.servedFloor = await part(failures, "served floor", () =>
    bareAvailability(hot, {
      script: "bench/served-floor.ts",
      env: { ...target.env, BENCH_DATE: seed.busiestDate },
    }),
  );
  await part(failures, "uncached server", () =>
    withServer(target, UNCACHED, (server) =>
      measureUncachedServer(server.url, r, { seed, hot, rotating, contentionDate, rushDate }),
    ),
  );

  await part(failures, "cached server", () =>
    withServer(target, {}, async (server) => {
      log(`${db}: cached availability (the 1-second cache, for information)`);
      const url = server.url;
      const a = await part(failures, "cached availability", async () => [
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
      r.cached = a ?? [];
      if (FRONTEND && !shared.frontend) await frontendPart(url, shared);
    }),
  );
  const overlaps = await part(failures, "double-booking check", () =>
    runScript<{ doubleBookings: number }>("bench/check-overlaps.ts", target.env),
  );
  r.doubleBookings = overlaps?.doubleBookings;
  await measureGrowth(copies, r, { hot, rotating, date: seed.busiestDate });
  return r;
}
