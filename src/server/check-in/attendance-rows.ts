import { eq, isNotNull, type SQL, sql } from "drizzle-orm";
import { formatTimeRange } from "../../domain/venue-time";
import type { Db, Tx } from "../db/client";
import { courts, dartBays, eventRegistrations, events, type holds, reservations } from "../db/schema";

// Issue 33 item 2: the rows check-in and no-shows read, locked for the change (FOR UPDATE of the
// reservation or registration only), with what staff read about them.

const hhmm = (t: string) => t.slice(0, 5);

export type AttendanceRow = typeof reservations.$inferSelect & { facilityName: string };

/** Reservations, locked, with their court's or bay's name, by date and start. */
export async function lockReservations(tx: Tx, where: SQL | undefined): Promise<AttendanceRow[]> {
  const rows = await tx
    .select({ row: reservations, courtName: courts.name, dartBayName: dartBays.name })
    .from(reservations)
    .leftJoin(courts, eq(courts.id, reservations.courtId))
    .leftJoin(dartBays, eq(dartBays.id, reservations.dartBayId))
    .where(where)
    .orderBy(reservations.date, reservations.startTime, reservations.id)
    .for("update", { of: reservations });
  return rows.map(({ row, courtName, dartBayName }) => ({
    ...row,
    facilityName: courtName ?? dartBayName ?? "",
  }));
}

/** "Court 1 · 6:00 PM - 7:30 PM" */
export const reservationItem = (r: AttendanceRow) =>
  `${r.facilityName} · ${formatTimeRange(hhmm(r.startTime), hhmm(r.endTime))}`;

/** As the audit log names a booking (the admin feature's label: name · facility · date time). */
export const reservationTargetLabel = (r: AttendanceRow) =>
  `${r.customerName} · ${r.facilityName} · ${r.date} ${formatTimeRange(hhmm(r.startTime), hhmm(r.endTime))}`;

export type RegistrationAttendanceRow = typeof eventRegistrations.$inferSelect & {
  eventName: string;
  eventDate: string;
  eventTime: string;
};

/** Event registrations, locked, with their event's name, day and time. */
export async function lockRegistrations(
  tx: Tx,
  where: SQL | undefined,
): Promise<RegistrationAttendanceRow[]> {
  const rows = await tx
    .select({
      row: eventRegistrations,
      name: events.name,
      date: events.date,
      start: events.startTime,
      end: events.endTime,
    })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(where)
    .orderBy(events.date, eventRegistrations.id)
    .for("update", { of: eventRegistrations });
  return rows.map(({ row, name, date, start, end }) => ({
    ...row,
    eventName: name,
    eventDate: date,
    eventTime: formatTimeRange(hhmm(start), hhmm(end)),
  }));
}

export const registrationItem = (r: RegistrationAttendanceRow) => `${r.eventName} · ${r.eventTime}`;

export const registrationTargetLabel = (r: RegistrationAttendanceRow) =>
  `${r.customerName} · ${r.eventName} · ${r.eventDate}`;

/** The short codes' digits (BK-/EV- and an id's first 8 hex digits), as the 0015 and 0024 indexes read them. */
export const referenceDigits = (id: typeof holds.id | typeof eventRegistrations.id) =>
  sql`upper(left(replace(${id}::text, '-', ''), 8))`;

/** Issue 33: a customer's no-shows so far, counted by the booking's email (partial index). */
export async function customerNoShows(executor: Db | Tx, email: string | null): Promise<number> {
  if (!email) return 0;
  const [row] = await executor
    .select({ n: sql<number>`count(*)::int` })
    .from(reservations)
    .where(
      sql`${isNotNull(reservations.noShowAt)} and lower(${reservations.customerEmail}) = ${email.toLowerCase()}`,
    );
  return Number(row?.n ?? 0);
}
