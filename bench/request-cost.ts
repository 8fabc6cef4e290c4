// `npx tsx bench/request-cost.ts [entry …]`: what one uncached availability request costs beside the
// database's own floor (issue 35 item 3). Seeds the busy venue on a fresh PostgreSQL database once,
// starts one uncached production server per build named (default dist/server/main.js; a build kept
// from before a change, e.g. .tmp/dist-before/server/main.js, compares the two), then alternates
// windows of pgbench on the lookup's statement with each server's hot-date lookup at 16 connections,
// so the machine's drift falls on all of them alike. Prints each window and the medians' ratios.
// An entry "build,NAME=value" gives that server settings of its own. BENCH_SECONDS (8) per window, BENCH_ROUNDS (3); BENCH_SERVER_NODE_ARGS="--cpu-prof
// --cpu-prof-dir=.tmp/prof" profiles the servers (written when they stop).

import { freePort, load, log } from "./harness";
import { availabilityPath, type LatencyFigure } from "./load";
import type { SeedSummary } from "./results";
import {
  backendCpu,
  cpuSecondsOf,
  createPostgresTarget,
  endedChildrenCpu,
  type RunningServer,
  runScript,
  startServer,
} from "./server";
import { POSTGRES_URL, UNCACHED } from "./settings";

const seconds = Number(process.env.BENCH_SECONDS ?? "8");
const rounds = Number(process.env.BENCH_ROUNDS ?? "3");
const entries = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["dist/server/main.js"];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? 0;

const target = await createPostgresTarget(POSTGRES_URL);
const servers: RunningServer[] = [];
try {
  log("seeding the busy venue");
  const seed = await runScript<SeedSummary>("bench/seed-busy-venue.ts", target.env);
  const hot = [availabilityPath(seed.busiestDate)];
  for (const entry of entries) {
    // "build,NAME=value,…": that build with settings of its own (e.g. LOG_LEVEL=error, no access lines).
    const [path = "", ...settings] = entry.split(",");
    const env = Object.fromEntries(settings.map((s) => [s.split("=")[0] ?? "", s.split("=")[1] ?? ""]));
    servers.push(await startServer(target, await freePort(), { ...UNCACHED, ...env }, undefined, path));
  }
  const pgbench: number[] = [];
  const api: number[][] = entries.map(() => []);
  for (let round = 1; round <= rounds; round++) {
    const floor = await runScript<{ perSecond: number }>("bench/pgbench-floor.ts", {
      ...target.env,
      BENCH_DATE: seed.busiestDate,
      BENCH_SECONDS: String(Math.max(3, Math.round(seconds / 2))),
    });
    pgbench.push(floor.perSecond);
    log(`round ${round}: pgbench ${floor.perSecond}/s`);
    for (const [i, server] of servers.entries()) {
      const database = new URL(target.url ?? "").pathname.slice(1);
      const before = {
        server: cpuSecondsOf(server.pid ?? 0),
        db: backendCpu(database),
        load: endedChildrenCpu(),
      };
      const [figure] = await load<LatencyFigure[]>({
        kind: "availability",
        url: server.url,
        label: entries[i] ?? "",
        paths: hot,
        connections: [16],
        seconds,
      });
      if (!figure || figure.non2xx + figure.errors > 0) throw new Error(`${entries[i]}: errors under load`);
      api[i]?.push(figure.rps);
      // CPU milliseconds a request: the server, its database backends, the load worker (with its start).
      const requests = figure.rps * seconds;
      const per = (s: number) => ((s * 1000) / requests).toFixed(3);
      let db = 0;
      for (const [pid, cpu] of backendCpu(database)) db += cpu - (before.db.get(pid) ?? 0);
      log(
        `round ${round}: ${entries[i]} ${figure.rps}/s (p50 ${figure.p50} ms, p99 ${figure.p99} ms); CPU ms a request: server ${per(cpuSecondsOf(server.pid ?? 0) - before.server)}, database ${per(db)}, load ${per(endedChildrenCpu() - before.load)}`,
      );
    }
  }
  const floor = median(pgbench);
  for (const [i, entry] of entries.entries()) {
    const rps = median(api[i] ?? []);
    console.log(
      `${entry}: uncached hot date ${rps}/s (${api[i]?.join(", ")}), pgbench ${floor}/s (${pgbench.join(", ")}): ratio ${(rps / floor).toFixed(3)}`,
    );
  }
} finally {
  for (const server of servers) await server.stop();
  await target.drop();
}
