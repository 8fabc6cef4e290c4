import { asc } from "drizzle-orm";
import type { FacilityUse, UtilisationReport } from "../../contracts/reports";
import type { FacilityType } from "../../domain/durations";
import { periodBefore, type ReportRange } from "../../domain/reports";
import { emptyGrid, facilityOpenByHour, openMinutesByHour } from "../../domain/utilisation";
import { type ClosedInterval, closedIntervalsOn, dayHours } from "../../domain/venue-hours";
import { calendarDates, dayOfWeek } from "../../domain/venue-time";
import type { Db } from "../db/client";
import { courts, dartBays } from "../db/schema";
import { loadScheduleRules } from "../settings/schedule-rules";
import { facilityKey, usageDays } from "./booked-minutes";
import { reportDays } from "./report-days";

// Issue 33 item 3: utilisation, booked minutes over open minutes, by weekday and hour, per
// facility type and per court or bay.
// - Booked: confirmed bookings and events on the courts they hold (booked-minutes.ts).
// - Open: each court's or bay's minutes inside the venue's hours of each date (weekly hours, or a
//   special day's), less its closures. Time a booking used outside them (kept through a closure
//   made after it, or booked by staff before opening) counts as open too, so no hour is over 100%.
// The day's grids add up by weekday; the type's row is its active courts (or bays) together.

type Facility = FacilityUse & { key: string };

function facilityRow(type: FacilityType, id: number | null, name: string): Facility {
  return {
    key: id === null ? type : facilityKey(type, id),
    facilityType: type,
    id,
    name,
    booked: emptyGrid(),
    open: emptyGrid(),
    bookedMinutes: 0,
    openMinutes: 0,
    previousBookedMinutes: 0,
    previousOpenMinutes: 0,
  };
}

const byFacility = (intervals: ClosedInterval[], type: FacilityType) => {
  const out = new Map<string, ClosedInterval[]>();
  for (const c of intervals) {
    const key = facilityKey(type, c.facilityId);
    out.set(key, [...(out.get(key) ?? []), c]);
  }
  return out;
};

export async function utilisationReport(db: Db, range: ReportRange): Promise<UtilisationReport> {
  const previousRange = periodBefore(range);
  const [rules, courtRows, bayRows] = await Promise.all([
    loadScheduleRules(db),
    db.select().from(courts).orderBy(asc(courts.sortOrder), asc(courts.id)),
    db.select().from(dartBays).orderBy(asc(dartBays.sortOrder), asc(dartBays.id)),
  ]);
  // After the reads above: it may store days in a transaction of its own.
  const use = await reportDays(db, usageDays, previousRange.from, range.to);

  const facilities: Facility[] = [
    ...courtRows.filter((c) => c.isActive).map((c) => facilityRow("court", c.id, c.name)),
    ...bayRows.filter((b) => b.isActive).map((b) => facilityRow("dart_bay", b.id, b.name)),
  ];
  const closures = rules.closures.filter((c) => c.endsOn >= previousRange.from && c.startsOn <= range.to);
  let weekday = dayOfWeek(previousRange.from);
  for (const date of calendarDates(previousRange.from, range.to)) {
    weekday = date === previousRange.from ? weekday : (weekday + 1) % 7;
    const current = date >= range.from;
    // The date library only for the few dates a special day or a closure touches (dates compare as text).
    const special = rules.specialDays.some((s) => s.startsOn <= date && date <= s.endsOn);
    const hours = special ? dayHours(rules, date).hours : (rules.week[weekday] ?? null);
    const venueOpen = openMinutesByHour(hours);
    const closing = closures.filter((c) => c.startsOn <= date && date <= c.endsOn);
    const closed = new Map(
      closing.length === 0
        ? []
        : [
            ...byFacility(closedIntervalsOn(closing, "court", date), "court"),
            ...byFacility(closedIntervalsOn(closing, "dart_bay", date), "dart_bay"),
          ],
    );
    const dayUse = use.get(date);
    for (const f of facilities) {
      const stretches = closed.get(f.key);
      const open = stretches ? facilityOpenByHour(hours, stretches) : venueOpen;
      const booked = dayUse?.[f.key];
      const bookedRow = f.booked[weekday] as number[];
      const openRow = f.open[weekday] as number[];
      for (let h = 0; h < 24; h++) {
        const b = booked?.[h] ?? 0;
        const o = Math.max(open[h] ?? 0, b);
        if (current) {
          bookedRow[h] = (bookedRow[h] ?? 0) + b;
          openRow[h] = (openRow[h] ?? 0) + o;
          f.bookedMinutes += b;
          f.openMinutes += o;
        } else {
          f.previousBookedMinutes += b;
          f.previousOpenMinutes += o;
        }
      }
    }
  }

  const types = (["court", "dart_bay"] as const).map((type) => {
    const row = facilityRow(type, null, type === "court" ? "All courts" : "All dart bays");
    for (const f of facilities.filter((x) => x.facilityType === type)) {
      row.booked = row.booked.map((r, d) => r.map((m, h) => m + (f.booked[d]?.[h] ?? 0)));
      row.open = row.open.map((r, d) => r.map((m, h) => m + (f.open[d]?.[h] ?? 0)));
      row.bookedMinutes += f.bookedMinutes;
      row.openMinutes += f.openMinutes;
      row.previousBookedMinutes += f.previousBookedMinutes;
      row.previousOpenMinutes += f.previousOpenMinutes;
    }
    return row;
  });
  const strip = ({ key: _key, ...use }: Facility): FacilityUse => use;
  return {
    report: "utilisation",
    range,
    previousRange,
    types: types.map(strip),
    facilities: facilities.map(strip),
  };
}
