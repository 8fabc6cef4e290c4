// The floor with the database's own tool (issue 16): pgbench runs the availability lookup's one
// statement (slotContextSql, rendered from the code, not copied) at 16 clients, prepared, on the
// PostgreSQL database in DATABASE_URL. Env: BENCH_DATE, BENCH_SECONDS. Prints one JSON line.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { PgDialect } from "drizzle-orm/pg-core";
import { slotContextSql } from "../src/server/kernel/schedule/slot-context";

const url = process.env.DATABASE_URL ?? "";
const date = process.env.BENCH_DATE ?? "";
const seconds = process.env.BENCH_SECONDS ?? "5";
const query = new PgDialect().sqlToQuery(slotContextSql("court", date, new Date()));
const literal = (value: unknown) =>
  `'${(value instanceof Date ? value.toISOString() : String(value)).replaceAll("'", "''")}'`;
const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => literal(query.params[Number(n) - 1]));
mkdirSync(".tmp", { recursive: true });
const file = `.tmp/pgbench-lookup-${process.pid}.sql`;
writeFileSync(file, `${text.replace(/\s+/g, " ").trim()};\n`);
const run = spawnSync(
  "pgbench",
  ["-n", "-M", "prepared", "-c", "16", "-j", "2", "-T", seconds, "-f", file, url],
  {
    encoding: "utf8",
  },
);
if (run.error || run.status !== 0) {
  console.error(run.error?.message ?? run.stderr);
  process.exit(1);
}
const tps = Number(/tps = ([\d.]+)/.exec(run.stdout)?.[1] ?? "0");
const latency = Number(/latency average = ([\d.]+) ms/.exec(run.stdout)?.[1] ?? "0");
console.log(JSON.stringify({ perSecond: Math.round(tps), latencyAverageMs: latency }));
