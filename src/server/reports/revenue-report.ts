import { sql } from "drizzle-orm";
import type { RevenueReport } from "../../contracts/reports";
import {
  datesOf,
  periodBefore,
  type ReportRange,
  type RevenueCents,
  revenueTotal,
  sumRevenue,
  zeroRevenue,
} from "../../domain/reports";
import type { Db, Tx } from "../db/client";
import { type DayStore, reportDays } from "./report-days";
import { revenueByDay } from "./revenue-by-day";

// Issue 33 item 3: the revenue report, per venue day and stream (what revenue is: revenue-by-day.ts),
// its closed days read from report_revenue_days (report-days.ts, decision 039).

type StoredRow = {
  day: string;
  courts: string | number;
  dart_bays: string | number;
  events: string | number;
  memberships: string | number;
  desk: string | number;
};

export const revenueDays: DayStore<RevenueCents> = {
  async read(db: Db | Tx, from: string, to: string) {
    const result = (await db.execute(sql`
      select day::text as day, courts, dart_bays, events, memberships, desk
        from report_revenue_days where day >= ${from}::date and day <= ${to}::date`)) as unknown as {
      rows: StoredRow[];
    };
    return new Map(
      result.rows.map((r) => [
        r.day,
        {
          courts: Number(r.courts),
          dartBays: Number(r.dart_bays),
          events: Number(r.events),
          memberships: Number(r.memberships),
          desk: Number(r.desk),
        },
      ]),
    );
  },
  compute: revenueByDay,
  empty: zeroRevenue,
  async write(tx, days) {
    const rows = days.map(([day, r]) => ({
      day,
      courts: r.courts,
      dart_bays: r.dartBays,
      events: r.events,
      memberships: r.memberships,
      desk: r.desk,
    }));
    await tx.execute(sql`
      insert into report_revenue_days (day, courts, dart_bays, events, memberships, desk)
      select day, courts, dart_bays, events, memberships, desk
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as x(day date, courts bigint, dart_bays bigint, events bigint, memberships bigint, desk bigint)
      on conflict (day) do update set courts = excluded.courts, dart_bays = excluded.dart_bays,
        events = excluded.events, memberships = excluded.memberships, desk = excluded.desk,
        computed_at = now()`);
  },
};

/** The revenue report of a range (already checked), with the period before it. */
export async function revenueReport(db: Db, range: ReportRange): Promise<RevenueReport> {
  const previousRange = periodBefore(range);
  const byDay = await reportDays(db, revenueDays, previousRange.from, range.to);
  const dayOf = (date: string) => byDay.get(date) ?? zeroRevenue();
  const days = datesOf(range).map((date) => {
    const r = dayOf(date);
    return { date, ...r, totalCents: revenueTotal(r) };
  });
  const totals = sumRevenue(days);
  const previousTotals = sumRevenue(datesOf(previousRange).map(dayOf));
  return {
    report: "revenue",
    range,
    previousRange,
    days,
    totals: { ...totals, totalCents: revenueTotal(totals) },
    previousTotals: { ...previousTotals, totalCents: revenueTotal(previousTotals) },
  };
}
