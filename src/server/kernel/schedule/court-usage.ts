import { and, eq, gt, inArray, lt } from "drizzle-orm";
import type { CourtBooking, CourtEvent } from "../../../domain/event-form";
import type { Db, Tx } from "../../db/client";
import { events, reservations } from "../../db/schema";
import { reservationBlocksTime, type TimeWindow } from "./blocks-time";
import { eventCourtsDuring } from "./facility-occupancy";

// SPEC §5 Event create and edit: what occupies the courts on a date (reservations that block their
// time, see blocks-time.ts, and events).

const hhmm = (t: string) => t.slice(0, 5);

const liveCourtReservations = (date: string, now: Date) =>
  and(eq(reservations.date, date), eq(reservations.facilityType, "court"), reservationBlocksTime(now));

/** Every live court reservation and every event on the date, for the courts the form offers. */
export async function loadCourtUsage(
  executor: Db | Tx,
  date: string,
  now: Date,
): Promise<{ bookings: CourtBooking[]; events: CourtEvent[] }> {
  const booked = await executor
    .select({
      courtId: reservations.courtId,
      startTime: reservations.startTime,
      endTime: reservations.endTime,
    })
    .from(reservations)
    .where(liveCourtReservations(date, now));
  const dayEvents = await executor
    .select({ id: events.id, courts: events.courts, startTime: events.startTime, endTime: events.endTime })
    .from(events)
    .where(eq(events.date, date));
  return {
    bookings: booked.flatMap((r) =>
      r.courtId === null
        ? []
        : [{ courtId: r.courtId, startTime: hhmm(r.startTime), endTime: hhmm(r.endTime) }],
    ),
    events: dayEvents.map((e) => ({ ...e, startTime: hhmm(e.startTime), endTime: hhmm(e.endTime) })),
  };
}

/**
 * SPEC §5 On submit: the selected courts are re-checked, first against reservations, then against
 * other events (overlap: new start < other end and new end > other start).
 */
export async function findCourtConflict(
  tx: Tx,
  window: TimeWindow,
  courts: readonly number[],
  options: { excludeEventId?: string | null; excludeEventIds?: readonly string[]; now: Date },
): Promise<"reserved" | "in_use" | null> {
  if (courts.length === 0) return null;
  const [reserved] = await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        liveCourtReservations(window.date, options.now),
        inArray(reservations.courtId, [...courts]),
        lt(reservations.startTime, window.endTime),
        gt(reservations.endTime, window.startTime),
      ),
    )
    .limit(1);
  if (reserved) return "reserved";
  const inUse = await eventCourtsDuring(tx, window, {
    courts,
    // The event itself, or a series moving together: its own occurrences do not count against each other.
    excludeEventIds: [
      ...(options.excludeEventId ? [options.excludeEventId] : []),
      ...(options.excludeEventIds ?? []),
    ],
  });
  return inUse.size > 0 ? "in_use" : null;
}
