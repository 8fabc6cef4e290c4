// The budgets' rows for a database's availability: the uncached lookup against its budgets and its
// floors, and growth against the twin. bench/booking-checks.ts has the hold figures' rows.

import { STATE } from "./database-table";
import type { LatencyFigure } from "./load";
import type { Check, DatabaseResult } from "./results";
import { BUDGET, windowsText } from "./settings";

export const find = (figures: LatencyFigure[], label: string, connections = 16) =>
  figures.find((f) => f.label === label && f.connections === connections);
const pct = (a: number, b: number) => {
  const g = b > 0 ? a / b - 1 : 0;
  return `${g >= 0 ? "+" : ""}${Math.round(g * 100)}%`;
};

export function availabilityChecks(r: DatabaseResult): Check[] {
  const db = r.database;
  const kind = r.kind;
  const checks: Check[] = [];
  const hot = find(r.uncached, "hot date");
  const rot = find(r.uncached, "rotating");
  if (hot) {
    checks.push(
      {
        figure: `${db}: uncached availability req/s, hot date, 16 connections`,
        value: `${hot.rps}`,
        budget: `≥ ${BUDGET.availabilityRps[kind]}`,
        pass: hot.rps >= BUDGET.availabilityRps[kind],
        state: STATE.warm,
      },
      {
        figure: `${db}: uncached availability p99, hot date, 16 connections`,
        value: `${hot.p99} ms`,
        budget: `< ${BUDGET.availabilityP99Ms[kind]} ms`,
        pass: hot.p99 < BUDGET.availabilityP99Ms[kind],
        state: STATE.warm,
      },
    );
    if (r.pgbench) {
      checks.push({
        figure: `${db}: uncached API availability ÷ pgbench on the lookup's SQL (16 clients)`,
        value: `${hot.rps} / ${r.pgbench.perSecond} = ${(hot.rps / r.pgbench.perSecond).toFixed(3)}`,
        budget: "(the floor; HTTP, slots and JSON are the rest)",
        pass: true,
        info: true,
      });
    }
    if (r.rawFloor) {
      checks.push({
        figure: `${db}: uncached API availability ÷ raw floor (16 connections)`,
        value: `${hot.rps} / ${r.rawFloor.perSecond} = ${(hot.rps / r.rawFloor.perSecond).toFixed(2)}`,
        budget: "(the database half of the floor alone)",
        pass: true,
        info: true,
      });
      const bare = r.bareAvailability;
      if (bare) {
        // The lookup's two halves one after the other, each measured on its own: the database work
        // through the driver (the raw floor) and a bare HTTP answer of the same size. For
        // information beside the served floor below, which measures the same thing in one go.
        const floor = 1 / (1 / r.rawFloor.perSecond + 1 / bare.rps);
        checks.push({
          figure: `${db}: uncached API availability ÷ raw floor and a bare HTTP answer in series (16 conn)`,
          value: `${hot.rps} / ${Math.round(floor)} = ${(hot.rps / floor).toFixed(2)}`,
          budget: "(the two halves measured apart)",
          pass: true,
          info: true,
        });
      }
    }
    if (r.servedFloor) {
      // The lookup's floor served: its read and a same-size answer in one node:http process, loaded
      // as the API is, on the same two cores with the database and the load generator. The halves
      // measured apart each had a core to share with one partner only, and the ratio to their sum
      // moved with two measurements' drift (docs/decisions/024, update "2026-11-27").
      const served = r.servedFloor;
      const ratio = hot.rps / served.rps;
      checks.push({
        figure: `${db}: uncached API availability ÷ the lookup's floor served (its read + a same-size answer, one node:http process, 16 conn)`,
        value: `${hot.rps} / ${served.rps} = ${ratio.toFixed(2)}`,
        budget: `≥ ${BUDGET.floorRatio}`,
        pass: ratio >= BUDGET.floorRatio && served.non2xx + served.errors === 0,
      });
    }
  }
  if (rot) {
    checks.push({
      figure: `${db}: uncached availability req/s, rotating dates/types/durations, 16 conn`,
      value: `${rot.rps} (p99 ${rot.p99} ms)`,
      budget: `≥ ${BUDGET.availabilityRps[kind]}`,
      pass: rot.rps >= BUDGET.availabilityRps[kind],
    });
  }
  for (const label of ["hot date", "rotating"]) {
    const before = find(r.uncachedTwin, label);
    const after = find(r.uncachedWithGrowth, label);
    if (before && after) {
      checks.push({
        figure: `${db}: uncached availability p50 with growth vs its twin without (${label}, 16 conn, ${windowsText})`,
        value: `${after.p50} vs ${before.p50} ms (${pct(after.p50, before.p50)})`,
        budget: `≤ +${BUDGET.growthP50 * 100}% or ≤ 1 ms (autocannon's resolution)`,
        pass: after.p50 <= before.p50 * (1 + BUDGET.growthP50) || after.p50 - before.p50 <= 1,
      });
    }
  }
  if (r.rawFloorTwin && r.rawFloorWithGrowth) {
    checks.push({
      figure: `${db}: raw floor p50 with growth vs its twin without (the database's own cost, alternating windows)`,
      value: `${r.rawFloorWithGrowth.p50} vs ${r.rawFloorTwin.p50} ms (${pct(r.rawFloorWithGrowth.p50, r.rawFloorTwin.p50)})`,
      budget: `≤ +${BUDGET.growthP50 * 100}%`,
      pass: r.rawFloorWithGrowth.p50 <= r.rawFloorTwin.p50 * (1 + BUDGET.growthP50),
      // The embedded database's one connection queues the 16 loops; its p50 is mostly queueing.
      info: kind === "pglite",
    });
  }
  return checks;
}
