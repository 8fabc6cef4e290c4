// What the bench prints on stdout: how it ran, each database's table (bench/database-table.ts), the
// machine's floor, the front end, and every check against its budget.
import { databaseTable, table } from "./database-table";
import { frontendReport } from "./frontend";
import type { Check, DatabaseResult, SharedFigures } from "./results";
import { serverRuntime } from "./server";
import { SECONDS, SHORT } from "./settings";

export function report(results: DatabaseResult[], checks: Check[], shared: SharedFigures) {
  const { machineFloor, floorFailures, frontend, frontendFailures } = shared;
  const lines: string[] = [
    `Mode: ${SHORT ? "short (development)" : "full"}, ${SECONDS} s per load figure. Load from bench/load-worker.ts, its own process.`,
    "Hold figures play distinct clients: each sends its own X-Forwarded-For address (198.18.0.0/15) and",
    "email, and the server runs with TRUST_PROXY=true, so they measure the booking path, not the per-address limits.",
    `Servers under test on Node ${serverRuntime().version} (${serverRuntime().note}); the bench and its load on Node ${process.version}.`,
  ];
  for (const r of results) lines.push(...databaseTable(r));
  if (machineFloor) {
    const rows = [
      [
        "the machine's floor: a bare node:http server, no framework, no database",
        "requests",
        "p50 ms",
        "p99 ms",
        "last answer ms",
      ],
    ];
    for (const [name, f] of [
      ["contention's shape (200 clients, 1 hold each)", machineFloor.contention],
      ["rush's shape (1000 clients, 3 holds each)", machineFloor.rush],
    ] as const) {
      if (f) rows.push([name, `${f.requests}`, `${f.p50}`, `${f.p99}`, `${f.lastMs}`]);
    }
    for (const f of floorFailures) rows.push([`FAILED: ${f.part}`, "", "", "", ""]);
    lines.push("", table(rows));
  }
  if (frontend) lines.push(...frontendReport(frontend, table));
  if (frontendFailures.length > 0) {
    const rows = [["front-end part", "result"]];
    for (const f of frontendFailures) rows.push([f.part, `FAILED: ${f.error.slice(0, 100)}`]);
    lines.push("", table(rows));
  }
  lines.push("", "== budgets (on the uncached server)");
  lines.push(
    table([
      ["", "figure", "value", "budget", "server"],
      ...checks.map((c) => [
        c.info ? (c.pass ? "info" : "INFO") : c.pass ? "PASS" : "FAIL",
        c.figure,
        c.value,
        c.budget,
        c.state ?? "",
      ]),
    ]),
  );
  console.log(lines.join("\n"));
}
