import { asc } from "drizzle-orm";
import type { DayHours } from "../../domain/admin-schedule";
import type { FacilityType } from "../../domain/durations";
import type { FacilityClosure, ScheduleRules, SpecialDay, WeekHours } from "../../domain/venue-hours";
import type { Db } from "../db/client";
import { facilityClosures, operatingHours, specialDays } from "../db/schema";
import { cachedVenueReader } from "./venue-rules-cache";

const hhmm = (t: string) => (t.startsWith("24:00") ? "24:00" : t.slice(0, 5));

/**
 * Issue 31: the venue's weekly hours, special days and closures, read once and kept until the
 * schedule changes (the schedule-change module forgets them in every instance). The domain's
 * `dayHours` and `closedIntervalsOn` take them as arguments.
 */
export const loadScheduleRules = cachedVenueReader(
  async (db: Db): Promise<ScheduleRules & { closures: FacilityClosure[] }> => {
    const [hours, days, closures] = await Promise.all([
      db.select().from(operatingHours),
      db.select().from(specialDays).orderBy(asc(specialDays.startsOn)),
      db.select().from(facilityClosures).orderBy(asc(facilityClosures.startsOn)),
    ]);
    const week: WeekHours = { 0: null, 1: null, 2: null, 3: null, 4: null, 5: null, 6: null };
    for (const row of hours)
      week[row.dayOfWeek] = { opensAt: hhmm(row.opensAt), closesAt: hhmm(row.closesAt) };
    return {
      week,
      specialDays: days.map(
        (d): SpecialDay => ({
          id: d.id,
          startsOn: d.startsOn,
          endsOn: d.endsOn,
          hours:
            d.opensAt && d.closesAt
              ? ({ opensAt: hhmm(d.opensAt), closesAt: hhmm(d.closesAt) } as DayHours)
              : null,
          reason: d.reason,
        }),
      ),
      closures: closures.map(
        (c): FacilityClosure => ({
          id: c.id,
          facilityType: c.facilityType as FacilityType,
          facilityIds: c.facilityIds,
          startsOn: c.startsOn,
          endsOn: c.endsOn,
          startTime: hhmm(c.startTime),
          endTime: hhmm(c.endTime),
          weekly: c.weekly,
          reason: c.reason,
        }),
      ),
    };
  },
);
