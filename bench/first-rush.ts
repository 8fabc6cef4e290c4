// `npx tsx bench/first-rush.ts [postgres|pglite] [runs]`: the first rush a server meets after its
// start (issue 35 item 1, decision 036), the moment a venue restarted for an upgrade opens its
// booking window: the busy venue seeded once, then per run a fresh production server (uncached, as
// the budgets are) with the warm-up off (WARM_UP_MS=0) and one with it on, alternating, each taking
// one rush of RUSH_CLIENTS players the moment /api/health answers. Prints one line per rush.
import { addDaysToDate } from "../src/domain/venue-time";
import { load, withServer } from "./harness";
import type { RushFigure } from "./load";
import type { SeedSummary } from "./results";
import { createPgliteTarget, createPostgresTarget, runScript } from "./server";
import { BUDGET, POSTGRES_URL, RUSH_CLIENTS, UNCACHED } from "./settings";

const kind = process.argv[2] === "pglite" ? "pglite" : "postgres";
const runs = Number(process.argv[3] ?? "1");
const target = kind === "pglite" ? createPgliteTarget() : await createPostgresTarget(POSTGRES_URL);
try {
  const seed = await runScript<SeedSummary>("bench/seed-busy-venue.ts", target.env);
  const rushDate = addDaysToDate(seed.today, 10);
  await runScript("bench/open-rush-day.ts", { ...target.env, BENCH_DATE: rushDate });
  let firstPlayer = 50_000;
  for (let run = 1; run <= runs; run++) {
    for (const warmUpMs of ["0", "5000"]) {
      const started = performance.now();
      await withServer(target, { ...UNCACHED, WARM_UP_MS: warmUpMs }, async (server) => {
        const readyMs = Math.round(performance.now() - started);
        const [rush] = await load<RushFigure[]>({
          kind: "rush",
          url: server.url,
          date: rushDate,
          clients: RUSH_CLIENTS,
          firstPlayer,
          rounds: 1,
        });
        firstPlayer += RUSH_CLIENTS;
        if (!rush) throw new Error("no rush figure");
        const pass =
          rush.requestP99 < BUDGET.rushRequestP99Ms &&
          rush.loserToldMax < BUDGET.rushLoserToldMs &&
          rush.serverErrors === 0;
        console.log(
          `${target.label}, run ${run}, warm-up ${warmUpMs === "0" ? "off" : "on"} (ready in ${readyMs} ms): ` +
            `first rush p50 ${rush.requestP50} ms, p99 ${rush.requestP99} ms, losers told p99 ` +
            `${rush.loserToldP99} ms / max ${rush.loserToldMax} ms, ${rush.winners} winners of ${rush.freePlaces} places, ` +
            `${rush.serverErrors} 5xx ${pass ? "PASS" : "FAIL"}`,
        );
      });
    }
  }
} finally {
  await target.drop();
}
