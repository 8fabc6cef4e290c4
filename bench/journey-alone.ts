// `npx tsx bench/journey-alone.ts [postgres|pglite] [runs] [build …]`: only the booking journey of `npm run
// bench` (issue 35 item 2): the busy venue seeded once, then per run a copy of it (so every run
// finds the same free slots) under a fresh uncached production server, and the journey's figure as
// the full bench takes it (JOURNEY_CLIENTS lanes, JOURNEY_PER_CLIENT bookings each, or
// BENCH_JOURNEY_PER_CLIENT). Prints one line per run against the journey's budget. Builds named
// (`dist/server/main.js` by default; a copy of dist/ from before a change) take turns in each run.
import { journeyChecks } from "./booking-checks";
import { freePort, lanes, load } from "./harness";
import type { JourneyFigure } from "./load";
import type { SeedSummary } from "./results";
import {
  backendCpu,
  cpuSecondsOf,
  createPgliteTarget,
  createPostgresTarget,
  endedChildrenCpu,
  runScript,
  startServer,
  twinOf,
} from "./server";
import { JOURNEY_CLIENTS, JOURNEY_PER_CLIENT, POSTGRES_URL, UNCACHED } from "./settings";

const kind = process.argv[2] === "pglite" ? "pglite" : "postgres";
const runs = Number(process.argv[3] ?? "1");
// Builds to compare, each on its own copy of the venue in every run (default the current build).
const builds = process.argv.length > 4 ? process.argv.slice(4) : ["dist/server/main.js"];
const perClient = Number(process.env.BENCH_JOURNEY_PER_CLIENT ?? JOURNEY_PER_CLIENT);
const target = kind === "pglite" ? createPgliteTarget() : await createPostgresTarget(POSTGRES_URL);
try {
  const seed = await runScript<SeedSummary>("bench/seed-busy-venue.ts", target.env);
  for (let run = 1; run <= runs; run++) {
    for (const build of builds) {
      const copy = await twinOf(target);
      try {
        const server = await startServer(copy, await freePort(), UNCACHED, undefined, build);
        try {
          // CPU a booking (from /proc): steadier than bookings/s on a shared machine. The server's;
          // on PostgreSQL its database backends'; the load worker's (it exits with its figure).
          const database = copy.url ? new URL(copy.url).pathname.slice(1) : null;
          const cpuBefore = cpuSecondsOf(server.pid ?? 0);
          const dbBefore = database ? backendCpu(database) : new Map<number, number>();
          const loadBefore = endedChildrenCpu();
          const journey = await load<JourneyFigure>({
            kind: "journey",
            url: server.url,
            lanes: lanes(seed.today, [seed.busiestDate], JOURNEY_CLIENTS),
            perClient,
            firstPlayer: 10_000,
          });
          const perBooking = (seconds: number) =>
            ((seconds * 1000) / Math.max(1, journey.bookings)).toFixed(1);
          let dbSeconds = 0;
          for (const [pid, cpu] of database ? backendCpu(database) : [])
            dbSeconds += cpu - (dbBefore.get(pid) ?? 0);
          const failed = Object.entries(journey.failures).map(([k, n]) => `${k}: ${n}`);
          console.log(
            `${target.label}, run ${run}${builds.length > 1 ? `, ${build}` : ""}: ${journey.bookings} bookings, ${journey.clients} clients, ` +
              `${journey.bookingsPerSecond} bookings/s, p50 ${journey.p50} ms, p99 ${journey.p99} ms, ` +
              `CPU ms a booking: server ${perBooking(cpuSecondsOf(server.pid ?? 0) - cpuBefore)}` +
              `${database ? `, database ${perBooking(dbSeconds)}` : ""}, load ${perBooking(endedChildrenCpu() - loadBefore)}; ${journey.serverErrors} 5xx${failed.length ? `, failed ${failed.join(", ")}` : ""}`,
          );
          for (const check of journeyChecks(target.label, target.kind, journey, perClient)) {
            console.log(
              `  ${check.pass ? "PASS" : "FAIL"}  ${check.figure}: ${check.value} (${check.budget})`,
            );
          }
        } finally {
          await server.stop();
        }
      } finally {
        await copy.drop();
      }
    }
  }
} finally {
  await target.drop();
}
