import type { MyReservation } from "../../contracts/membership";
import { formatTimeRange } from "../../domain/venue-time";
import type { reservations } from "../db/schema";

type ReservationRow = typeof reservations.$inferSelect;

const hhmm = (t: string) => t.slice(0, 5);

/** A reservation as its owner sees it (never the raw row: no payment ids, no other customer data). */
export function toMyReservation(row: ReservationRow, facilityName: string | null): MyReservation {
  const startTime = hhmm(row.startTime);
  const endTime = hhmm(row.endTime);
  const fallback = row.facilityType === "court" ? `Court ${row.courtId}` : `Dart Bay ${row.dartBayId}`;
  return {
    id: row.id,
    date: row.date,
    facilityType: row.facilityType as MyReservation["facilityType"],
    facilityName: facilityName ?? fallback,
    startTime,
    endTime,
    displayTime: formatTimeRange(startTime, endTime),
    duration: row.duration,
    priceCents: row.priceCents,
    status: row.status as MyReservation["status"],
    isFreeMemberBooking: row.isFreeMemberBooking,
  };
}
