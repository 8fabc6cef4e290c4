import { and, asc, eq } from "drizzle-orm";
import type { FacilityType } from "../../../domain/durations";
import type { BusyInterval } from "../../../domain/slots";
import { dayOfWeek } from "../../../domain/venue-time";
import type { Db, Tx } from "../../db/client";
import { courts, dartBays, events, operatingHours, reservations } from "../../db/schema";
import { reservationBlocksTime } from "./blocks-time";

export type SlotContext = {
  hours: { opensAt: string; closesAt: string } | null;
  facilityIds: number[];
  facilityNames: Map<number, string>;
  busy: BusyInterval[];
};

const hhmm = (t: string) => t.slice(0, 5);

/**
 * SPEC §7 Availability lookup, in one place: the day's hours, the active facilities, and what keeps
 * a facility busy — every non-cancelled reservation except a pending one whose hold has ended
 * (DECISIONS.md: it blocks nothing, even before the sweeper cancels it), and for courts the events
 * that list them (events.courts holds court ids 1–8).
 */
export async function loadSlotContext(
  executor: Db | Tx,
  facilityType: FacilityType,
  date: string,
  now: Date,
): Promise<SlotContext> {
  const facilityTable = facilityType === "court" ? courts : dartBays;
  const facilityColumn = facilityType === "court" ? reservations.courtId : reservations.dartBayId;
  // One after another: inside a transaction the queries share one connection.
  const hoursRows = await executor
    .select()
    .from(operatingHours)
    .where(eq(operatingHours.dayOfWeek, dayOfWeek(date)));
  const facilities = await executor
    .select({ id: facilityTable.id, name: facilityTable.name })
    .from(facilityTable)
    .where(eq(facilityTable.isActive, true))
    .orderBy(asc(facilityTable.id));
  const booked = await executor
    .select({
      facilityId: facilityColumn,
      startTime: reservations.startTime,
      endTime: reservations.endTime,
    })
    .from(reservations)
    .where(
      and(
        eq(reservations.date, date),
        eq(reservations.facilityType, facilityType),
        reservationBlocksTime(now),
      ),
    );
  const dayEvents =
    facilityType === "court"
      ? await executor
          .select({ courts: events.courts, startTime: events.startTime, endTime: events.endTime })
          .from(events)
          .where(eq(events.date, date))
      : [];
  const hours = hoursRows[0];
  const busy: BusyInterval[] = [];
  for (const r of booked) {
    if (r.facilityId !== null) {
      busy.push({ facilityId: r.facilityId, startTime: hhmm(r.startTime), endTime: hhmm(r.endTime) });
    }
  }
  for (const e of dayEvents) {
    for (const courtId of e.courts) {
      busy.push({ facilityId: courtId, startTime: hhmm(e.startTime), endTime: hhmm(e.endTime) });
    }
  }
  return {
    hours: hours ? { opensAt: hhmm(hours.opensAt), closesAt: hhmm(hours.closesAt) } : null,
    facilityIds: facilities.map((f) => f.id),
    facilityNames: new Map(facilities.map((f) => [f.id, f.name])),
    busy,
  };
}
