import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { AdminDayResponse, AdminEventBlock } from "../../contracts/admin";
import type { FacilityType } from "../../domain/durations";
import { EVENT_TYPE_LABELS, isEventType } from "../../domain/events";
import { formatTimeRange, venueToday } from "../../domain/venue-time";
import type { Db } from "../db/client";
import { eventRegistrations, events } from "../db/schema";
import { loadDayHours } from "../kernel/schedule/day-hours";
import { activeFacilities } from "../kernel/schedule/facility-occupancy";
import { loadDayReservations } from "./reservation-dto";

const hhmm = (t: string) => t.slice(0, 5);

/**
 * One day of the dashboard (SPEC §2 Admin Dashboard, §7 Admin reads): the active facilities (the
 * grid's rows), the non-cancelled reservations of that type, and — for courts — the events that
 * hold courts that day, with their confirmed-and-paid participant counts; and the venue's hours.
 */
export async function getAdminDay(
  db: Db,
  input: { date: string; facilityType: FacilityType },
  now: Date,
): Promise<AdminDayResponse> {
  const facilities = await activeFacilities(db, input.facilityType);
  const reservations = await loadDayReservations(db, input.date, input.facilityType);
  const blocks = input.facilityType === "court" ? await eventBlocks(db, input.date) : [];
  const hours = await loadDayHours(db, input.date);
  return {
    date: input.date,
    facilityType: input.facilityType,
    today: venueToday(now),
    facilities,
    reservations,
    events: blocks,
    hours,
  };
}

async function eventBlocks(db: Db, date: string): Promise<AdminEventBlock[]> {
  const rows = await db.select().from(events).where(eq(events.date, date)).orderBy(asc(events.startTime));
  const withCourts = rows.filter((e) => e.courts.length > 0);
  if (withCourts.length === 0) return [];
  const counts = await db
    .select({ eventId: eventRegistrations.eventId, n: count() })
    .from(eventRegistrations)
    .where(
      and(
        inArray(
          eventRegistrations.eventId,
          withCourts.map((e) => e.id),
        ),
        eq(eventRegistrations.status, "confirmed"),
        eq(eventRegistrations.paymentStatus, "paid"),
      ),
    )
    .groupBy(eventRegistrations.eventId);
  const participants = new Map(counts.map((c) => [c.eventId, c.n]));
  return withCourts.map((e) => ({
    id: e.id,
    name: e.name,
    type: e.type,
    typeLabel: isEventType(e.type) ? EVENT_TYPE_LABELS[e.type] : e.type,
    startTime: hhmm(e.startTime),
    endTime: hhmm(e.endTime),
    displayTime: formatTimeRange(hhmm(e.startTime), hhmm(e.endTime)),
    courts: [...e.courts].sort((a, b) => a - b),
    maxParticipants: e.maxParticipants,
    participants: participants.get(e.id) ?? 0,
    isPrivate: e.isPrivate,
  }));
}
