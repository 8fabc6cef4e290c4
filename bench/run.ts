// npm run bench: the product's speed claims as figures anyone can reproduce (docs/performance.md).
// Builds if needed, then for PostgreSQL (DATABASE_URL, default the local server) and the embedded
// database: seeds a busy venue, starts the production server, drives it from this process over
// loopback, and checks every figure against its budget. Prints a table, writes bench/results.json,
// and exits 1 when a budget is missed.
//
// Settings (environment): BENCH_DATABASES=postgres,pglite  BENCH_SECONDS=10 (per load figure)
// BENCH_LIGHTHOUSE_RUNS=3  BENCH_FRONTEND=true  DATABASE_URL=postgres://… (the server to use).
import { existsSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, totalmem } from "node:os";
import { ensureBuild } from "../scripts/ensure-build.mjs";
import { addDaysToDate } from "../src/domain/venue-time";
import { present } from "../src/server/kernel/present";
import {
  type LighthouseFigure,
  measureLighthouse,
  measurePageWeight,
  type PageWeight,
  signInCookie,
} from "./frontend";
import {
  type ContentionFigure,
  type JourneyFigure,
  type LatencyFigure,
  measureAvailability,
  measureContention,
  measureJourney,
} from "./load";
import {
  createPgliteTarget,
  createPostgresTarget,
  type DatabaseTarget,
  runScript,
  startServer,
} from "./server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? "10");
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? "3");
const DATABASES = (process.env.BENCH_DATABASES ?? "postgres,pglite").split(",").map((s) => s.trim());
const FRONTEND = process.env.BENCH_FRONTEND !== "false";
const POSTGRES_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const CONNECTIONS = [1, 16, 64];
const JOURNEY_CLIENTS = 16;
const JOURNEY_PER_CLIENT = 8;

// The budgets (issue 7). Figures in milliseconds, bytes and Lighthouse points.
const BUDGET = {
  availabilityP99Ms: 25,
  floorRatio: 0.5,
  historyP50Growth: 0.2,
  bookJsGzipBytes: 200 * 1024,
  lighthousePerformance: 90,
  lighthouseAccessibility: 95,
};

type SeedSummary = {
  today: string;
  busiestDate: string;
  fill: number;
  reservations: number;
  members: number;
  events: number;
};
type RawFloor = { concurrency: number; lookups: number; perSecond: number; p50: number; p99: number };
type DatabaseResult = {
  database: string;
  seed: SeedSummary;
  rawFloor: RawFloor;
  rawFloorWithHistory: RawFloor;
  availability: LatencyFigure[];
  history: { reservations: number; seconds: number };
  availabilityWithHistory: LatencyFigure[];
  contention: ContentionFigure;
  journey: JourneyFigure;
  doubleBookings: number;
};
/** `info`: reported beside its target but not a budget (it does not fail the run). */
type Check = { figure: string; value: string; budget: string; pass: boolean; info?: boolean };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function log(message: string) {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

/** Sixteen (date, facility type) lanes a guest can book, away from the dates the other figures use. */
function journeyLanes(today: string, avoid: string[]) {
  const lanes: Array<{ date: string; facilityType: "court" | "dart_bay" }> = [];
  for (let d = 1; d <= 10 && lanes.length < JOURNEY_CLIENTS; d++) {
    const date = addDaysToDate(today, d);
    if (avoid.includes(date)) continue;
    lanes.push({ date, facilityType: "court" }, { date, facilityType: "dart_bay" });
  }
  return lanes.slice(0, JOURNEY_CLIENTS);
}

let frontend: { weights: PageWeight[]; lighthouse: LighthouseFigure[] } | null = null;

async function benchDatabase(target: DatabaseTarget): Promise<DatabaseResult> {
  log(`${target.label}: seeding the busy venue`);
  const seed = await runScript<SeedSummary>("bench/seed-busy-venue.ts", target.env);
  log(
    `${target.label}: ${seed.reservations} reservations (${Math.round(seed.fill * 100)}% full), busiest ${seed.busiestDate}`,
  );

  log(`${target.label}: raw floor (the availability queries through the driver)`);
  const rawFloor = await runScript<RawFloor>("bench/raw-floor.ts", {
    ...target.env,
    BENCH_DATE: seed.busiestDate,
    BENCH_SECONDS: String(Math.max(3, Math.round(SECONDS / 2))),
    BENCH_CONCURRENCY: "16",
  });

  let server = await startServer(target, await freePort());
  let availability: LatencyFigure[];
  let contention: ContentionFigure;
  let journey: JourneyFigure;
  try {
    log(`${target.label}: availability at ${CONNECTIONS.join(", ")} connections`);
    availability = await measureAvailability(server.url, seed.busiestDate, CONNECTIONS, SECONDS);
    const contentionDate = present(
      [3, 4].map((d) => addDaysToDate(seed.today, d)).find((d) => d !== seed.busiestDate),
    );
    log(
      `${target.label}: 200 clients holding one court slot on ${contentionDate} (each its own X-Forwarded-For address, TRUST_PROXY=true)`,
    );
    contention = await measureContention(server.url, contentionDate);
    log(`${target.label}: booking journey, ${JOURNEY_CLIENTS} clients`);
    journey = await measureJourney(
      server.url,
      journeyLanes(seed.today, [seed.busiestDate, contentionDate]),
      JOURNEY_PER_CLIENT,
    );
    if (FRONTEND && !frontend) {
      log(`${target.label}: front end (page weight, Lighthouse × ${LIGHTHOUSE_RUNS})`);
      const weights = [
        await measurePageWeight(server.url, "/book"),
        await measurePageWeight(server.url, "/events"),
      ];
      const cookie = await signInCookie(server.url, "admin@backspin-social.example", "demo-admin-2026");
      const port = await freePort();
      const lighthouse: LighthouseFigure[] = [];
      for (const path of ["/book", "/events"]) {
        lighthouse.push(await measureLighthouse(server.url, path, { runs: LIGHTHOUSE_RUNS, port }));
      }
      lighthouse.push(await measureLighthouse(server.url, "/admin", { runs: LIGHTHOUSE_RUNS, port, cookie }));
      frontend = { weights, lighthouse };
    }
  } finally {
    await server.stop();
  }
  const { doubleBookings } = await runScript<{ doubleBookings: number }>(
    "bench/check-overlaps.ts",
    target.env,
  );

  log(`${target.label}: adding three years of history`);
  const history = await runScript<{ reservations: number; seconds: number }>(
    "bench/seed-history.ts",
    target.env,
  );
  const rawFloorWithHistory = await runScript<RawFloor>("bench/raw-floor.ts", {
    ...target.env,
    BENCH_DATE: seed.busiestDate,
    BENCH_SECONDS: String(Math.max(3, Math.round(SECONDS / 2))),
    BENCH_CONCURRENCY: "16",
  });
  server = await startServer(target, await freePort());
  let availabilityWithHistory: LatencyFigure[];
  try {
    log(`${target.label}: availability with ${history.reservations} reservations in the table`);
    availabilityWithHistory = await measureAvailability(server.url, seed.busiestDate, CONNECTIONS, SECONDS);
  } finally {
    await server.stop();
  }
  return {
    database: target.label,
    seed,
    rawFloor,
    rawFloorWithHistory,
    availability,
    history,
    availabilityWithHistory,
    contention,
    journey,
    doubleBookings,
  };
}

function checksFor(result: DatabaseResult): Check[] {
  const db = result.database;
  const at16 = present(result.availability.find((f) => f.connections === 16));
  const history16 = present(result.availabilityWithHistory.find((f) => f.connections === 16));
  const growth = history16.p50 / at16.p50 - 1;
  const ratio = at16.rps / result.rawFloor.perSecond;
  const rawGrowth = result.rawFloorWithHistory.p50 / result.rawFloor.p50 - 1;
  const isPostgres = result.database === "PostgreSQL";
  const c = result.contention;
  const checks: Check[] = [
    {
      figure: `${db}: API availability ÷ raw floor (16 connections)`,
      value: `${at16.rps} / ${result.rawFloor.perSecond} = ${ratio.toFixed(2)}`,
      budget: `≥ ${BUDGET.floorRatio}`,
      pass: ratio >= BUDGET.floorRatio,
    },
    {
      figure: `${db}: availability p50 with history vs without (16 connections)`,
      value: `${history16.p50} vs ${at16.p50} ms (${growth >= 0 ? "+" : ""}${Math.round(growth * 100)}%)`,
      budget: `≤ +${BUDGET.historyP50Growth * 100}% or ≤ 1 ms (autocannon's resolution)`,
      pass: growth <= BUDGET.historyP50Growth || history16.p50 - at16.p50 <= 1,
      info: !isPostgres,
    },
    {
      figure: `${db}: raw floor p50 with history vs without (the database's own cost)`,
      value: `${result.rawFloorWithHistory.p50} vs ${result.rawFloor.p50} ms (${rawGrowth >= 0 ? "+" : ""}${Math.round(rawGrowth * 100)}%)`,
      budget: `≤ +${BUDGET.historyP50Growth * 100}%`,
      pass: rawGrowth <= BUDGET.historyP50Growth,
      // The embedded database's single connection queues the 16 loops, so its p50 is mostly queueing
      // and moves from run to run (docs/performance.md); PostgreSQL's is the figure that counts.
      info: !isPostgres,
    },
    {
      figure: `${db}: contention winners = free courts`,
      value: `${c.winners} of ${c.clients} won, ${c.freeCourts} courts free`,
      budget: "equal",
      pass: c.winners === c.freeCourts,
    },
    {
      figure: `${db}: contention losers answered the clean 409`,
      value: `${c.cleanConflicts} of ${c.clients - c.winners}`,
      budget: "all",
      pass: c.cleanConflicts === c.clients - c.winners,
    },
    {
      figure: `${db}: 5xx answers under contention and in the journey`,
      value: String(c.serverErrors + result.journey.serverErrors),
      budget: "0",
      pass: c.serverErrors + result.journey.serverErrors === 0,
    },
    {
      figure: `${db}: double bookings after the load`,
      value: String(result.doubleBookings),
      budget: "0",
      pass: result.doubleBookings === 0,
    },
    {
      figure: `${db}: booking journeys completed`,
      value: `${result.journey.bookings} of ${result.journey.clients * JOURNEY_PER_CLIENT}`,
      budget: "all",
      pass: result.journey.bookings === result.journey.clients * JOURNEY_PER_CLIENT,
    },
    {
      figure: `${db}: availability errors and non-2xx under load`,
      value: String(
        [...result.availability, ...result.availabilityWithHistory].reduce(
          (n, f) => n + f.non2xx + f.errors,
          0,
        ),
      ),
      budget: "0",
      pass: [...result.availability, ...result.availabilityWithHistory].every(
        (f) => f.non2xx + f.errors === 0,
      ),
    },
  ];
  if (isPostgres) {
    checks.unshift({
      figure: `${db}: availability p99 at 16 connections`,
      value: `${at16.p99} ms`,
      budget: `< ${BUDGET.availabilityP99Ms} ms`,
      pass: at16.p99 < BUDGET.availabilityP99Ms,
    });
  }
  return checks;
}

function frontendChecks(): Check[] {
  if (!frontend) return [];
  const checks: Check[] = [];
  const book = present(frontend.weights.find((w) => w.path === "/book"));
  checks.push({
    figure: "/book first-load JavaScript (gzip)",
    value: `${(book.jsGzipBytes / 1024).toFixed(1)} KB`,
    budget: `≤ ${BUDGET.bookJsGzipBytes / 1024} KB`,
    pass: book.jsGzipBytes <= BUDGET.bookJsGzipBytes,
  });
  for (const weight of frontend.weights) {
    checks.push({
      figure: `${weight.path}: admin code sent to the public page`,
      value: weight.adminCode.length === 0 ? "none" : weight.adminCode.join(", "),
      budget: "none",
      pass: weight.adminCode.length === 0,
    });
  }
  for (const score of frontend.lighthouse.filter((l) => l.path !== "/admin")) {
    checks.push(
      {
        figure: `${score.path}: Lighthouse performance (mobile)`,
        value: String(score.performance),
        budget: `≥ ${BUDGET.lighthousePerformance}`,
        pass: score.performance >= BUDGET.lighthousePerformance,
      },
      {
        figure: `${score.path}: Lighthouse accessibility (mobile)`,
        value: String(score.accessibility),
        budget: `≥ ${BUDGET.lighthouseAccessibility}`,
        pass: score.accessibility >= BUDGET.lighthouseAccessibility,
      },
    );
  }
  return checks;
}

function table(rows: string[][]): string {
  const widths = present(rows[0]).map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  return rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  ")).join("\n");
}

function report(results: DatabaseResult[], checks: Check[]) {
  const lines: string[] = [];
  for (const r of results) {
    lines.push(
      "",
      `== ${r.database}: ${r.seed.reservations} reservations in the next 14 days (${Math.round(r.seed.fill * 100)}% booked), ` +
        `${r.seed.members} members, ${r.seed.events} events; busiest day ${r.seed.busiestDate}`,
    );
    const rows = [["figure", "req/s", "p50 ms", "p99 ms"]];
    for (const f of r.availability)
      rows.push([`availability, ${f.connections} conn`, `${f.rps}`, `${f.p50}`, `${f.p99}`]);
    for (const f of r.availabilityWithHistory) {
      rows.push([
        `  + ${r.history.reservations} rows of history, ${f.connections} conn`,
        `${f.rps}`,
        `${f.p50}`,
        `${f.p99}`,
      ]);
    }
    rows.push([
      `raw floor (driver loop, ${r.rawFloor.concurrency} concurrent)`,
      `${r.rawFloor.perSecond}`,
      `${r.rawFloor.p50}`,
      `${r.rawFloor.p99}`,
    ]);
    rows.push([
      "  + history",
      `${r.rawFloorWithHistory.perSecond}`,
      `${r.rawFloorWithHistory.p50}`,
      `${r.rawFloorWithHistory.p99}`,
    ]);
    rows.push([
      `contention: ${r.contention.clients} clients (one address each, X-Forwarded-For), one slot (${r.contention.date} ${r.contention.startTime})`,
      "",
      "",
      `${r.contention.p99}`,
    ]);
    rows.push([
      `journey: ${r.journey.bookings} bookings, ${r.journey.clients} clients (${r.journey.bookingsPerSecond} bookings/s)`,
      "",
      `${r.journey.p50}`,
      `${r.journey.p99}`,
    ]);
    lines.push(table(rows));
  }
  if (frontend) {
    lines.push("", "== front end (first visit, empty cache)");
    const rows = [["page", "JS", "JS gzip", "CSS", "CSS gzip"]];
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    for (const w of frontend.weights) {
      rows.push([w.path, kb(w.jsBytes), kb(w.jsGzipBytes), kb(w.cssBytes), kb(w.cssGzipBytes)]);
    }
    lines.push(table(rows), "");
    const scores = [["page", "Lighthouse performance", "accessibility", "runs (median)"]];
    for (const l of frontend.lighthouse)
      scores.push([l.path, `${l.performance}`, `${l.accessibility}`, `${l.runs}`]);
    lines.push(table(scores));
  }
  lines.push("", "== budgets");
  lines.push(
    table([
      ["", "figure", "value", "budget"],
      ...checks.map((c) => [
        c.info ? (c.pass ? "info" : "INFO") : c.pass ? "PASS" : "FAIL",
        c.figure,
        c.value,
        c.budget,
      ]),
    ]),
  );
  console.log(lines.join("\n"));
}

async function main() {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (FRONTEND && !existsSync(chromium)) {
    console.error(
      `Chromium was not found at ${chromium}. The front-end figures use Debian's Chromium:\n` +
        "  sudo apt-get update && sudo apt-get install -y chromium\n" +
        "(or run with BENCH_FRONTEND=false to skip them).",
    );
    process.exit(1);
  }
  ensureBuild();
  const results: DatabaseResult[] = [];
  for (const name of DATABASES) {
    const target = name === "pglite" ? createPgliteTarget() : await createPostgresTarget(POSTGRES_URL);
    try {
      results.push(await benchDatabase(target));
    } finally {
      await target.drop();
    }
  }
  const checks = [...results.flatMap(checksFor), ...frontendChecks()];
  report(results, checks);
  const cpu = cpus();
  writeFileSync(
    "bench/results.json",
    `${JSON.stringify(
      {
        ranAt: new Date().toISOString(),
        machine: {
          cpus: cpu.length,
          cpuModel: cpu[0]?.model ?? "unknown",
          memoryGiB: Math.round(totalmem() / 2 ** 30),
          node: process.version,
          platform: `${process.platform} ${process.arch}`,
        },
        settings: {
          seconds: SECONDS,
          connections: CONNECTIONS,
          lighthouseRuns: LIGHTHOUSE_RUNS,
          // The server's default (src/server/config.ts): one availability read serves 1 s of lookups.
          availabilityCacheMs: 1000,
        },
        databases: results,
        frontend,
        budgets: BUDGET,
        checks,
        pass: checks.every((c) => c.pass || c.info),
      },
      null,
      2,
    )}\n`,
  );
  console.log("\nWrote bench/results.json");
  const failed = checks.filter((c) => !c.pass && !c.info).length;
  if (failed > 0) {
    console.log(`${failed} budget(s) missed.`);
    process.exit(1);
  }
  console.log("Every budget met.");
  process.exit(0);
}

await main();
