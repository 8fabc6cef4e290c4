// Issue 33 item 3: the budgets' rows for the reports on the grown database (full runs only: the
// three years of history are not seeded in a short run).
import type { Check, DatabaseResult } from "./results";
import { BUDGET } from "./settings";

export function reportChecks(r: DatabaseResult): Check[] {
  return (r.reports ?? []).map((f) => ({
    figure: `${r.database}: ${f.label} on three years of history, p99 of ${f.runs} runs`,
    value: `${f.p99} ms (p50 ${f.p50} ms)`,
    budget: `< ${BUDGET.reportP99Ms} ms`,
    pass: f.p99 < BUDGET.reportP99Ms,
  }));
}
