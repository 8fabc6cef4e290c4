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
    const heap = `${BUDGET.exportHeapMb} MB`;
    checks.push({
      figure: `${r.database}: a year's bookings CSV streamed (${e.rows} rows, ${e.megabytes} MB) by a server whose heap is held to ${heap}`,
      value: e.error ? `broke off after ${e.rows} rows: ${e.error}` : `complete`,
      budget: `completes (--max-old-space-size=${BUDGET.exportHeapMb})`,
      pass: e.rows > 0 && !e.error,
    });
    checks.push({
      figure: `${r.database}: that download's rows per second, and the server's memory growth`,
      value: `${e.rowsPerSecond} rows/s (${e.seconds} s); +${e.rssGrowthMb} MB (from ${e.baselineRssMb} MB)`,
      budget: "for information",
      pass: true,
      info: true,
    });
  }
  return checks;
}
