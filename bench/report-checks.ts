// Issue 33: the budgets' rows for the reports (item 3) and the year's bookings export (item 4) on the
// grown database (full runs only: the three years of history are not seeded in a short run).
import type { Check, DatabaseResult } from "./results";
import { BUDGET } from "./settings";

export function reportChecks(r: DatabaseResult): Check[] {
  const checks: Check[] = (r.reports ?? []).map((f) => ({
    figure: `${r.database}: ${f.label} on three years of history, p99 of ${f.runs} runs`,
    value: `${f.p99} ms (p50 ${f.p50} ms)`,
    budget: `< ${BUDGET.reportP99Ms} ms`,
    pass: f.p99 < BUDGET.reportP99Ms,
    ...(f.info ? { info: true } : {}),
  }));
  const e = r.exportStream;
  if (e) {
    checks.push({
      figure: `${r.database}: a year's bookings CSV streamed (${e.rows} rows, ${e.megabytes} MB), server memory growth`,
      value: `${e.rssGrowthMb} MB (from ${e.baselineRssMb} MB)`,
      budget: `< ${BUDGET.exportRssGrowthMb} MB`,
      pass: e.rows > 0 && e.rssGrowthMb < BUDGET.exportRssGrowthMb,
    });
    checks.push({
      figure: `${r.database}: a year's bookings CSV streamed, rows per second`,
      value: `${e.rowsPerSecond} rows/s (${e.seconds} s)`,
      budget: "for information",
      pass: true,
      info: true,
    });
  }
  return checks;
}
