// Issue 33: the reports' rows and the year's export alone (`BENCH_ONLY=reports npm run bench`), for
// work on the reports: per database, the busy venue, its growth and three years of history, then
// the report timings (bench/report-timings.ts) and the export's download (bench/export-stream.ts),
// the same rows as a full run's growth part, without the load figures around them.

import { measureExportStream } from "./export-stream";
import { log, part, withServer } from "./harness";
import type { ReportFigure } from "./results";
import { type DatabaseResult, failedDatabase, type SeedSummary } from "./results";
import { type DatabaseTarget, runScript } from "./server";
import { BUDGET } from "./settings";

/** The report timings and the export's download on the grown database `target` into `r`. */
export async function reportRows(target: DatabaseTarget, r: DatabaseResult, today: string) {
  const db = target.label;
  log(`${db}: the reports on three years of history`);
  r.reports = await part(r.failures, "reports on the grown database", () =>
    runScript<{ reports: ReportFigure[] }>("bench/report-timings.ts", target.env).then((x) => x.reports),
  );
  log(`${db}: a year's bookings CSV streamed from a server held to ${BUDGET.exportHeapMb} MB of heap`);
  const heapLimit = `--max-old-space-size=${BUDGET.exportHeapMb}`;
  const nodeOptions = [process.env.NODE_OPTIONS, heapLimit].filter(Boolean).join(" ");
  await part(r.failures, "the year's bookings export", () =>
    withServer(target, { NODE_OPTIONS: nodeOptions }, async (server) => {
      if (!server.pid) throw new Error("the server's process id is unknown");
      r.exportStream = await measureExportStream(server.url, server.pid, today);
    }),
  );
}

export async function benchReportsOnly(target: DatabaseTarget): Promise<DatabaseResult> {
  const r = { ...failedDatabase(target.label, ""), kind: target.kind, failures: [] };
  const db = target.label;
  log(`${db}: seeding the busy venue, its growth and three years of history`);
  const seed = await part(r.failures, "seed", () =>
    runScript<SeedSummary>("bench/seed-busy-venue.ts", target.env),
  );
  if (!seed) return r;
  r.seed = seed;
  r.growth = await part(r.failures, "growth", () => runScript("bench/seed-growth.ts", target.env));
  r.history = await part(r.failures, "history", () => runScript("bench/seed-history.ts", target.env));
  await part(r.failures, "vacuum", () => runScript("bench/vacuum.ts", target.env));
  await reportRows(target, r, seed.today);
  return r;
}
