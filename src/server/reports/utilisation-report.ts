import { asc, sql } from "drizzle-orm";
import type { FacilityUse, UtilisationReport } from "../../contracts/reports";
import type { FacilityType } from "../../domain/durations";
import { datesOf, periodBefore, type ReportRange } from "../../domain/reports";
import { emptyGrid, gridTotal, openMinutesGrid, type WeekGrid } from "../../domain/utilisation";
import { dayHours } from "../../domain/venue-hours";
import type { Db } from "../db/client";
import { courts, dartBays } from "../db/schema";
import { loadScheduleRules } from "../settings/schedule-rules";

// Issue 33 item 3: utilisation, booked minutes over open minutes, by weekday and hour, per
// facility type and per court or bay. Booked: the confirmed bookings' minutes in each hour they
// cover, one SQL aggregate for the range and the period before. Open: the venue's hours of each
// date (weekly hours, or a special day's; domain/utilisation.ts) for every active court or bay.
// Closures of single courts and events on courts are not taken off (yet): open means the venue is.

type Row = {
  facility_type: FacilityType;
  facility_id: number;
  weekday: number;
  hour: number;
  current: boolean;
  minutes: string | number;
};

async function bookedMinutes(db: Db, from: string, currentFrom: string, to: string): Promise<Row[]> {
  const result = (await db.execute(sql`
    select b.facility_type, b.facility_id, extract(dow from b.date)::int as weekday, h.hour,
           b.date >= ${currentFrom}::date as current,
           sum(least(b.e, (h.hour + 1) * 60) - greatest(b.s, h.hour * 60))::bigint as minutes
      from (select r.date, r.facility_type, coalesce(r.court_id, r.dart_bay_id) as facility_id,
                   (extract(epoch from r.start_time) / 60)::int as s,
                   (extract(epoch from r.end_time) / 60)::int as e
              from reservations r
             where r.status = 'confirmed' and r.date >= ${from}::date and r.date <= ${to}::date) b
      join generate_series(0, 23) as h(hour) on h.hour * 60 < b.e and (h.hour + 1) * 60 > b.s
     group by 1, 2, 3, 4, 5`)) as unknown as { rows: Row[] };
  return result.rows;
}

const addGrid = (a: WeekGrid, b: WeekGrid, times = 1): WeekGrid =>
  a.map((row, d) => row.map((m, h) => m + (b[d]?.[h] ?? 0) * times));

export async function utilisationReport(db: Db, range: ReportRange): Promise<UtilisationReport> {
  const previousRange = periodBefore(range);
  const [rules, courtRows, bayRows, rows] = await Promise.all([
    loadScheduleRules(db),
    db.select().from(courts).orderBy(asc(courts.sortOrder), asc(courts.id)),
    db.select().from(dartBays).orderBy(asc(dartBays.sortOrder), asc(dartBays.id)),
    bookedMinutes(db, previousRange.from, range.from, range.to),
  ]);
  const hoursOf = (date: string) => dayHours(rules, date).hours;
  // One facility's open minutes (the venue's hours); a type's are that times its active facilities.
  const open = openMinutesGrid(datesOf(range), hoursOf);
  const previousOpen = gridTotal(openMinutesGrid(datesOf(previousRange), hoursOf));

  const facilities: FacilityUse[] = [
    ...courtRows.filter((c) => c.isActive).map((c) => ({ type: "court" as const, id: c.id, name: c.name })),
    ...bayRows.filter((b) => b.isActive).map((b) => ({ type: "dart_bay" as const, id: b.id, name: b.name })),
  ].map((f) => ({
    facilityType: f.type,
    id: f.id,
    name: f.name,
    booked: emptyGrid(),
    open,
    bookedMinutes: 0,
    openMinutes: gridTotal(open),
    previousBookedMinutes: 0,
    previousOpenMinutes: previousOpen,
  }));
  const types: FacilityUse[] = (["court", "dart_bay"] as const).map((type) => {
    const count = facilities.filter((f) => f.facilityType === type).length;
    const typeOpen = addGrid(emptyGrid(), open, count);
    return {
      facilityType: type,
      id: null,
      name: type === "court" ? "All courts" : "All dart bays",
      booked: emptyGrid(),
      open: typeOpen,
      bookedMinutes: 0,
      openMinutes: gridTotal(typeOpen),
      previousBookedMinutes: 0,
      previousOpenMinutes: previousOpen * count,
    };
  });
  const facilityOf = new Map(facilities.map((f) => [`${f.facilityType}:${f.id}`, f]));
  for (const r of rows) {
    const minutes = Number(r.minutes);
    const targets = [
      types.find((t) => t.facilityType === r.facility_type),
      facilityOf.get(`${r.facility_type}:${r.facility_id}`),
    ];
    for (const t of targets) {
      if (!t) continue;
      if (r.current) {
        const row = t.booked[r.weekday] as number[];
        row[r.hour] = (row[r.hour] ?? 0) + minutes;
        t.bookedMinutes += minutes;
      } else t.previousBookedMinutes += minutes;
    }
  }
  return { report: "utilisation", range, previousRange, types, facilities };
}
