// Issue 33 item 3: the reports on the grown database (three years of history, bench/seed-history.ts,
// with its payments): each report as the route builds it, for the default 30 days, a year and the
// longest range (3 years, each with the period before), several runs each after one warm-up.
// Run as its own process with DATABASE_URL or DATA_DIR; prints one JSON line.
import type { ReportRange } from "../src/domain/reports";
import { addDaysToDate, venueToday } from "../src/domain/venue-time";
import { openDatabase } from "../src/server/db/client";
import { bookingsReport } from "../src/server/reports/bookings-report";
import { revenueReport } from "../src/server/reports/revenue-report";
import { utilisationReport } from "../src/server/reports/utilisation-report";

const database = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR,
});
const db = database.db;
const now = new Date();
const today = venueToday(now);
const reports: Array<[string, (range: ReportRange) => Promise<unknown>]> = [
  ["revenue", (range) => revenueReport(db, range)],
  ["utilisation", (range) => utilisationReport(db, range)],
  ["bookings", (range) => bookingsReport(db, range, now)],
];
const ranges = [
  { label: "30 days", from: addDaysToDate(today, -29), runs: 20 },
  { label: "1 year", from: addDaysToDate(today, -364), runs: 10 },
  { label: "3 years", from: addDaysToDate(today, -(365 * 3 - 1)), runs: 5 },
];
const figures = [];
for (const [name, run] of reports) {
  for (const { label, from, runs } of ranges) {
    const range = { from, to: today };
    await run(range); // warm-up
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await run(range);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) =>
      Math.round(times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? 0);
    figures.push({ label: `${name}, ${label}`, runs, p50: at(0.5), p99: at(0.99) });
  }
}
const revenue = await revenueReport(db, { from: addDaysToDate(today, -(365 * 3 - 1)), to: today });
await database.close();
console.log(JSON.stringify({ reports: figures, threeYearRevenueCents: revenue.totals.totalCents }));
