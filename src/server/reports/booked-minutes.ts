import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import type { DayStore } from "./report-days";

// Issue 33 item 3: the minutes each court and bay was in use on each venue day, by hour of the
// venue's clock: confirmed bookings, and events on the courts they hold (an event uses its courts
// as a booking does, and the owner counts it so). One SQL aggregate; closed days are stored in
// report_usage_days (report-days.ts, decision 039).

/** "court:3" or "dart_bay:1" → minutes in each of the day's 24 hours. */
export type DayUse = Record<string, number[]>;

export const facilityKey = (type: string, id: number) => `${type}:${id}`;

type Row = {
  day: string;
  facility_type: string;
  facility_id: number;
  hour: number;
  minutes: number | string;
};

async function computeUse(db: Db | Tx, from: string, to: string): Promise<Map<string, DayUse>> {
  const result = (await db.execute(sql`
    select b.date::text as day, b.facility_type, b.facility_id, h.hour,
           sum(least(b.e, (h.hour + 1) * 60) - greatest(b.s, h.hour * 60))::int as minutes
      from (select r.date, r.facility_type, coalesce(r.court_id, r.dart_bay_id) as facility_id,
                   (extract(epoch from r.start_time) / 60)::int as s,
                   (extract(epoch from r.end_time) / 60)::int as e
              from reservations r
             where r.status = 'confirmed' and r.date >= ${from}::date and r.date <= ${to}::date
            union all
            select e.date, 'court', c.id,
                   (extract(epoch from e.start_time) / 60)::int,
                   (extract(epoch from e.end_time) / 60)::int
              from events e cross join unnest(e.courts) as c(id)
             where e.date >= ${from}::date and e.date <= ${to}::date) b
      join generate_series(0, 23) as h(hour) on h.hour * 60 < b.e and (h.hour + 1) * 60 > b.s
     where b.facility_id is not null
     group by 1, 2, 3, 4`)) as unknown as { rows: Row[] };
  const byDay = new Map<string, DayUse>();
  for (const r of result.rows) {
    const day = byDay.get(r.day) ?? {};
    byDay.set(r.day, day);
    const key = facilityKey(r.facility_type, r.facility_id);
    const hours = day[key] ?? Array<number>(24).fill(0);
    day[key] = hours;
    hours[r.hour] = Number(r.minutes);
  }
  return byDay;
}

export const usageDays: DayStore<DayUse> = {
  async read(db, from, to) {
    const result = (await db.execute(sql`
      select day::text as day, minutes from report_usage_days
       where day >= ${from}::date and day <= ${to}::date`)) as unknown as {
      rows: Array<{ day: string; minutes: DayUse | string }>;
    };
    return new Map(
      result.rows.map((r) => [r.day, typeof r.minutes === "string" ? JSON.parse(r.minutes) : r.minutes]),
    );
  },
  compute: computeUse,
  empty: () => ({}),
  async write(tx, days) {
    const rows = days.map(([day, minutes]) => ({ day, minutes }));
    await tx.execute(sql`
      insert into report_usage_days (day, minutes)
      select day, minutes from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(day date, minutes jsonb)
      on conflict (day) do update set minutes = excluded.minutes, computed_at = now()`);
  },
};
