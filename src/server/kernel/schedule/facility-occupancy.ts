import { and, asc, eq, gt, inArray, lt, ne, sql } from "drizzle-orm";
import type { FacilityOption } from "../../../contracts/admin";
import type { FacilityType } from "../../../domain/durations";
import type { Db, Tx } from "../../db/client";
import { courts, dartBays, events, reservations } from "../../db/schema";
import { reservationBlocksTime, type TimeWindow } from "./blocks-time";

// SPEC §5 Admin edit reservation: a facility is offered when no other non-cancelled reservation and
// (for courts) no event overlaps the time. The exclusion constraint remains the last word on
// reservations when two staff act at once; events are checked here because the constraint cannot.

const facilityTable = (type: FacilityType) => (type === "court" ? courts : dartBays);

export async function activeFacilities(executor: Db | Tx, type: FacilityType): Promise<FacilityOption[]> {
  const table = facilityTable(type);
  return executor
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(eq(table.isActive, true))
    .orderBy(asc(table.id));
}

/** The facilities a window overlaps, from reservations (optionally not counting one) and events. */
export async function busyFacilityIds(
  executor: Db | Tx,
  type: FacilityType,
  window: TimeWindow,
  options: { excludeReservationId?: string; now: Date },
): Promise<Set<number>> {
  const column = type === "court" ? reservations.courtId : reservations.dartBayId;
  const booked = await executor
    .select({ id: column })
    .from(reservations)
    .where(
      and(
        eq(reservations.date, window.date),
        eq(reservations.facilityType, type),
        reservationBlocksTime(options.now),
        lt(reservations.startTime, window.endTime),
        gt(reservations.endTime, window.startTime),
        options.excludeReservationId ? ne(reservations.id, options.excludeReservationId) : undefined,
      ),
    );
  const busy = new Set<number>();
  for (const r of booked) if (r.id !== null) busy.add(r.id);
  if (type === "court") for (const id of await eventCourtsDuring(executor, window)) busy.add(id);
  return busy;
}

/** Courts held by events that overlap the window (events.courts holds court ids 1–8). */
export async function eventCourtsDuring(executor: Db | Tx, window: TimeWindow): Promise<Set<number>> {
  const rows = await executor
    .select({ courts: events.courts })
    .from(events)
    .where(
      and(
        eq(events.date, window.date),
        lt(events.startTime, window.endTime),
        gt(events.endTime, window.startTime),
        sql`cardinality(${events.courts}) > 0`,
      ),
    );
  return new Set(rows.flatMap((r) => r.courts));
}

export async function freeFacilities(
  executor: Db | Tx,
  type: FacilityType,
  window: TimeWindow,
  options: { excludeReservationId?: string; now: Date },
): Promise<FacilityOption[]> {
  const [all, busy] = [
    await activeFacilities(executor, type),
    await busyFacilityIds(executor, type, window, options),
  ];
  return all.filter((f) => !busy.has(f.id));
}

/** The named, active facilities among `ids`, in id order. */
export async function facilitiesByIds(
  executor: Db | Tx,
  type: FacilityType,
  ids: number[],
): Promise<FacilityOption[]> {
  if (ids.length === 0) return [];
  const table = facilityTable(type);
  return executor
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(and(inArray(table.id, ids), eq(table.isActive, true)))
    .orderBy(asc(table.id));
}
