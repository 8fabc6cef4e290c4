// Issue 33 item 3: the reports on the grown database (three years of history, bench/seed-history.ts,
// with its payments): each report as the route builds it, for the default 30 days, a year and the
// longest range (3 years, each with the period before), several runs each after one warm-up. The
// reports store closed days (decisions 039 and 044) and are first timed once on 3 years with none stored
// (every day computed and stored: what the first report after a deploy costs), for information.
// Run as its own process with DATABASE_URL or DATA_DIR; prints one JSON line.

import { sql } from "drizzle-orm";
import type { ReportRange } from "../src/domain/reports";
import { addDaysToDate, venueToday } from "../src/domain/venue-time";
import { openDatabase } from "../src/server/db/open-database";
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
const figures: Array<{ label: string; runs: number; p50: number; p99: number; info?: boolean }> = [];
const threeYears = { from: addDaysToDate(today, -(365 * 3 - 1)), to: today };
for (const [name, run] of reports) {
  await db.execute(sql`truncate report_revenue_days, report_usage_days, report_booking_days`);
  const started = performance.now();
  await run(threeYears);
  const ms = Math.round(performance.now() - started);
  figures.push({ label: `${name}, 3 years, no day stored yet`, runs: 1, p50: ms, p99: ms, info: true });
}
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
