import { and, asc, desc, eq, gte } from "drizzle-orm";
import type { MyEventRegistration, MyReservationsResponse } from "../../contracts/membership";
import { formatTimeRange, venueToday } from "../../domain/venue-time";
import type { Db } from "../db/client";
import { courts, dartBays, eventRegistrations, events, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { toMyReservation } from "./my-reservation-dto";

const hhmm = (t: string) => t.slice(0, 5);

/**
 * SPEC §2 My Reservations, §7 My bookings: the user's confirmed reservations from today on (by date,
 * then time) in the screen's three groups, and their confirmed event registrations for events from
 * today on (newest registration first).
 */
export async function listMyReservations(deps: AppDeps, userId: string): Promise<MyReservationsResponse> {
  const today = venueToday(deps.now());
  const own = await loadReservations(deps.db, userId, today);
  return {
    freeCourtReservations: own.filter((r) => r.isFreeMemberBooking),
    courtReservations: own.filter((r) => !r.isFreeMemberBooking && r.facilityType === "court"),
    dartBayReservations: own.filter((r) => r.facilityType === "dart_bay"),
    eventRegistrations: await loadRegistrations(deps.db, userId, today),
  };
}

export async function loadReservations(db: Db, userId: string, today: string, reservationId?: string) {
  const rows = await db
    .select({ reservation: reservations, courtName: courts.name, dartBayName: dartBays.name })
    .from(reservations)
    .leftJoin(courts, eq(courts.id, reservations.courtId))
    .leftJoin(dartBays, eq(dartBays.id, reservations.dartBayId))
    .where(
      and(
        eq(reservations.userId, userId),
        eq(reservations.status, "confirmed"),
        gte(reservations.date, today),
        reservationId ? eq(reservations.id, reservationId) : undefined,
      ),
    )
    .orderBy(asc(reservations.date), asc(reservations.startTime));
  return rows.map((r) => toMyReservation(r.reservation, r.courtName ?? r.dartBayName));
}

export async function loadRegistrations(
  db: Db,
  userId: string,
  today: string,
  registrationId?: string,
): Promise<MyEventRegistration[]> {
  const rows = await db
    .select({ registration: eventRegistrations, event: events })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(
      and(
        eq(eventRegistrations.userId, userId),
        eq(eventRegistrations.status, "confirmed"),
        gte(events.date, today),
        registrationId ? eq(eventRegistrations.id, registrationId) : undefined,
      ),
    )
    .orderBy(desc(eventRegistrations.createdAt));
  return rows.map(({ registration: r, event: e }) => ({
    id: r.id,
    eventId: e.id,
    eventName: e.name,
    eventType: e.type,
    date: e.date,
    startTime: hhmm(e.startTime),
    endTime: hhmm(e.endTime),
    displayTime: formatTimeRange(hhmm(e.startTime), hhmm(e.endTime)),
    priceCents: r.priceCents,
    status: registrationBadge(r.status, r.paymentStatus),
  }));
}

/** SPEC §4 Event registration badge: 'Confirmed' only when confirmed and paid. */
function registrationBadge(status: string, paymentStatus: string): MyEventRegistration["status"] {
  if (status === "cancelled") return "cancelled";
  if (status === "confirmed" && paymentStatus === "paid") return "confirmed";
  return "pending";
}
