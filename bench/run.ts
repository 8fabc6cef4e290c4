// npm run bench: the product's speed claims as figures anyone can reproduce (docs/performance.md).
// Builds if needed, then for PostgreSQL (DATABASE_URL, default the local server) and the embedded
// database: seeds a busy venue, starts the production server and drives it over loopback from a
// load generator in its own process (bench/load-worker.ts), and checks every figure against its
// budget. Budgets are on the uncached server (AVAILABILITY_CACHE_MS=0); the cached figures are
// printed beside them for information. A part that breaks is reported FAILED in the table and the
// rest still runs; the table is printed and bench/results.json written either way; exit 1 when a
// budget is missed or a part failed.
//
// The parts: bench/machine-floor.ts, embedded.ts (the embedded start), database-part.ts (one
// database: floors, the uncached and cached servers, frontend-part.ts once) and growth-part.ts;
// the checks in availability-checks.ts and booking-checks.ts; the table in report.ts.
// Settings (environment, `--short`): bench/settings.ts and docs/performance.md.
import { existsSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { ensureBuild } from "../scripts/ensure-build.mjs";
import { availabilityChecks } from "./availability-checks";
import { bookingChecks } from "./booking-checks";
import { benchDatabase } from "./database-part";
import { embeddedChecks, measureEmbeddedStart } from "./embedded";
import { FRONTEND_BUDGET, frontendChecks } from "./frontend";
import { freePort, log, part } from "./harness";
import { measureMachineFloor } from "./machine-floor";
import { report } from "./report";
import { reportChecks } from "./report-checks";
import { benchReportsOnly } from "./reports-part";
import { type Check, type DatabaseResult, failedCheck, failedDatabase, type SharedFigures } from "./results";
import { createPgliteTarget, createPostgresTarget, type DatabaseTarget, serverRuntime } from "./server";
import {
  BUDGET,
  DATABASES,
  FRONTEND,
  HOT_CONNECTIONS,
  LIGHTHOUSE_RUNS,
  POSTGRES_URL,
  REPORTS_ONLY,
  SECONDS,
  SHORT,
} from "./settings";

async function main() {
  const started = performance.now();
  const shared: SharedFigures = {
    machineFloor: null,
    floorFailures: [],
    frontend: null,
    frontendFailures: [],
    embeddedStart: null,
  };
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (FRONTEND && !REPORTS_ONLY && !existsSync(chromium)) {
    shared.frontendFailures.push({
      part: "Chromium",
      error: `not found at ${chromium} (sudo apt-get install -y chromium)`,
    });
  }
  ensureBuild();
  const { version, note } = serverRuntime();
  log(`servers under test on Node ${version} (${note}); the bench and its load on Node ${process.version}`);
  if (!REPORTS_ONLY) await part(shared.floorFailures, "machine floor", () => measureMachineFloor(shared));
  if (DATABASES.includes("pglite") && !REPORTS_ONLY) {
    log("embedded default: npm start on an empty embedded database");
    shared.embeddedStart = await measureEmbeddedStart(await freePort());
  }
  const results: DatabaseResult[] = [];
  for (const name of DATABASES) {
    let target: DatabaseTarget | undefined;
    try {
      target = name === "pglite" ? createPgliteTarget() : await createPostgresTarget(POSTGRES_URL);
      results.push(await (REPORTS_ONLY ? benchReportsOnly(target) : benchDatabase(target, shared)));
    } catch (err) {
      results.push(failedDatabase(name, err instanceof Error ? err.message : String(err)));
    } finally {
      await target?.drop().catch(() => undefined);
    }
  }
  const checks: Check[] = [
    ...shared.floorFailures.map((f) => failedCheck(f.part, f.error)),
    ...results.flatMap((r) =>
      REPORTS_ONLY
        ? [...reportChecks(r), ...r.failures.map((f) => failedCheck(`${r.database}: ${f.part}`, f.error))]
        : [...availabilityChecks(r), ...bookingChecks(r, shared.machineFloor), ...reportChecks(r)],
    ),
    ...shared.frontendFailures.map((f) => failedCheck(`front end: ${f.part}`, f.error)),
    ...(shared.frontend ? frontendChecks(shared.frontend) : []),
    ...(shared.embeddedStart ? embeddedChecks(shared.embeddedStart) : []),
  ];
  report(results, checks, shared);
  const cpu = cpus();
  const minutes = Math.round((performance.now() - started) / 6000) / 10;
  writeFileSync(
    "bench/results.json",
    `${JSON.stringify(
      {
        ranAt: new Date().toISOString(),
        minutes,
        machine: {
          cpus: cpu.length,
          cpuModel: cpu[0]?.model ?? "unknown",
          memoryGiB: Math.round(totalmem() / 2 ** 30),
          node: process.version,
          serverNode: serverRuntime().version,
          serverNodeNote: serverRuntime().note,
          platform: `${process.platform} ${process.arch}`,
        },
        settings: {
          short: SHORT,
          seconds: SECONDS,
          hotConnections: HOT_CONNECTIONS,
          lighthouseRuns: LIGHTHOUSE_RUNS,
          budgetedAvailabilityCacheMs: 0,
          cachedFiguresAvailabilityCacheMs: 1000,
          distinctClients: "X-Forwarded-For per client, TRUST_PROXY=true",
        },
        databases: results,
        machineFloor: shared.machineFloor,
        floorFailures: shared.floorFailures,
        frontend: shared.frontend,
        frontendFailures: shared.frontendFailures,
        embeddedStart: shared.embeddedStart,
        budgets: { ...BUDGET, frontend: FRONTEND_BUDGET },
        checks,
        pass: checks.every((c) => c.pass || c.info),
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nWrote bench/results.json (${minutes} minutes)`);
  const failed = checks.filter((c) => !c.pass && !c.info).length;
  if (failed > 0) {
    console.log(`${failed} budget(s) missed or part(s) failed.`);
    process.exit(1);
  }
  console.log("Every budget met.");
  process.exit(0);
}

await main();
