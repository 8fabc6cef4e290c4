import { asc, sql } from "drizzle-orm";
import type { VenueFacility } from "../../contracts/venue";
import type { FacilityType } from "../../domain/durations";
import type { UpcomingUse } from "../../domain/facilities";
import { venueNowTime, venueToday } from "../../domain/venue-time";
import type { Db, Tx } from "../db/client";
import { courts, dartBays } from "../db/schema";
import { reservationBlocksTime } from "../kernel/schedule/blocks-time";

export const facilityTable = (type: FacilityType) => (type === "court" ? courts : dartBays);

/** One change of the courts (or bays) at a time, so a new id and a new place in the order never collide. */
export async function lockFacilities(tx: Tx, type: FacilityType): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`venue-facilities:${type}`}, 0))`);
}

/**
 * Live bookings and events that have not ended yet, per court (or bay) id: what a deactivation
 * must deal with first. One that ended earlier today is past (its Deactivate dialog, which deals
 * with what comes from now on, could never clear it).
 */
export async function upcomingUse(
  executor: Db | Tx,
  type: FacilityType,
  now: Date,
): Promise<Map<number, UpcomingUse>> {
  const today = venueToday(now);
  const time = venueNowTime(now);
  const notEnded = sql`(date > ${today}::date or (date = ${today}::date and end_time > ${time}::time))`;
  const column = type === "court" ? sql`court_id` : sql`dart_bay_id`;
  const rows = (await executor.execute(sql`
    select facility_id, count(*) filter (where kind = 'booking')::int as bookings,
           count(*) filter (where kind = 'event')::int as events
    from (
      select ${column} as facility_id, 'booking' as kind from reservations
       where facility_type = ${type} and ${notEnded} and ${reservationBlocksTime(now)}
      ${
        type === "court"
          ? sql`union all select unnest(courts) as facility_id, 'event' as kind from events where ${notEnded}`
          : sql``
      }
    ) used group by facility_id`)) as unknown as {
    rows: Array<{ facility_id: number; bookings: number; events: number }>;
  };
  return new Map(
    rows.rows.map((r) => [Number(r.facility_id), { bookings: Number(r.bookings), events: Number(r.events) }]),
  );
}

/** The courts (or bays), active and not, in the venue's order, with what each has coming. */
export async function facilitiesOf(
  executor: Db | Tx,
  type: FacilityType,
  now: Date,
): Promise<VenueFacility[]> {
  const table = facilityTable(type);
  const [rows, upcoming] = await Promise.all([
    executor.select().from(table).orderBy(asc(table.sortOrder), asc(table.id)),
    upcomingUse(executor, type, now),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    isActive: r.isActive,
    upcoming: (upcoming.get(r.id)?.bookings ?? 0) + (upcoming.get(r.id)?.events ?? 0),
  }));
}

export async function listFacilities(executor: Db | Tx, now: Date) {
  return {
    courts: await facilitiesOf(executor, "court", now),
    dartBays: await facilitiesOf(executor, "dart_bay", now),
  };
}
