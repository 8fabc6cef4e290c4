import { and, arrayOverlaps, asc, eq, gt, inArray, lt, ne, notInArray, sql } from "drizzle-orm";
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
    .orderBy(asc(table.sortOrder), asc(table.id));
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

/**
 * The one query for "an event occupies a court": the courts held by events that overlap the window
 * (events.courts holds court ids) — with `courts`, only those among them; `excludeEventIds`
 * leaves out events being moved themselves. Events are not in the reservations' exclusion
 * constraint, so every path that gives a court time asks this.
 */
export async function eventCourtsDuring(
  executor: Db | Tx,
  window: TimeWindow,
  options: { courts?: readonly number[]; excludeEventIds?: readonly string[] } = {},
): Promise<Set<number>> {
  const { courts, excludeEventIds } = options;
  const rows = await executor
    .select({ courts: events.courts })
    .from(events)
    .where(
      and(
        eq(events.date, window.date),
        lt(events.startTime, window.endTime),
        gt(events.endTime, window.startTime),
        courts ? arrayOverlaps(events.courts, [...courts]) : sql`cardinality(${events.courts}) > 0`,
        excludeEventIds?.length ? notInArray(events.id, [...excludeEventIds]) : undefined,
      ),
    );
  const held = new Set(rows.flatMap((r) => r.courts));
  return courts ? new Set(courts.filter((id) => held.has(id))) : held;
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
    .orderBy(asc(table.sortOrder), asc(table.id));
}
