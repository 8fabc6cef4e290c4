import type { FreeSlotsResponse } from "../../contracts/membership";
import { maxBookingDate } from "../../domain/booking-window";
import {
  checkFreeBookingDate,
  FREE_BOOKING_DURATION,
  isFreeSlotStart,
  offersFreeSlots,
} from "../../domain/free-booking";
import { generateSlots } from "../../domain/slots";
import { addDaysToDate, isDateString, venueToday } from "../../domain/venue-time";
import { AppError } from "../errors";
import type { AppDeps } from "../kernel/deps";
import { loadSlotContext } from "../kernel/schedule/slot-context";
import { countFreeReservations } from "./count-free-reservations";

/**
 * SPEC §2 Member Free Reservations: the allowance of the chosen date's week ("(N remaining)") and
 * the times a free reservation may take that day — 120-minute court slots with a court free, from
 * 08:00, Monday–Thursday before 15:30, Friday before 13:30, none at weekends. Without a date, the
 * first day from today that has a free time (so a Saturday visit opens on Monday, not on nothing).
 */
export async function getFreeSlots(
  deps: AppDeps,
  memberId: string,
  requestedDate: string | undefined,
): Promise<FreeSlotsResponse> {
  const now = deps.now();
  const today = venueToday(now);
  const maxDate = maxBookingDate(now, true);
  let date = requestedDate ?? today;
  assertFreeBookingDate(date, now);
  let slots = await freeSlotsOn(deps, date, now);
  for (
    let d = addDaysToDate(date, 1);
    !requestedDate && slots.length === 0 && d <= maxDate;
    d = addDaysToDate(d, 1)
  ) {
    const found = await freeSlotsOn(deps, d, now);
    if (found.length > 0) [date, slots] = [d, found];
  }
  const allowance = await countFreeReservations(deps.db, memberId, date);
  return { today, maxDate, date, allowance, slots };
}

async function freeSlotsOn(deps: AppDeps, date: string, now: Date) {
  if (!offersFreeSlots(date)) return [];
  const context = await loadSlotContext(deps.db, "court", date, now);
  return generateSlots({
    date,
    now,
    facilityType: "court",
    durationMinutes: FREE_BOOKING_DURATION,
    hours: context.hours,
    facilityIds: context.facilityIds,
    busy: context.busy,
  })
    .filter((s) => s.isAvailable && isFreeSlotStart(date, s.startTime))
    .map((s) => ({
      startTime: s.startTime,
      endTime: s.endTime,
      displayTime: s.displayTime,
      availableCourts: s.availableFacilities,
    }));
}

/** SPEC §5 Member free booking: from today to today + 14, with the members' date messages. */
export function assertFreeBookingDate(date: string, now: Date): void {
  if (!isDateString(date)) throw new AppError("VALIDATION", "Invalid date");
  const check = checkFreeBookingDate(date, now);
  if (!check.ok) {
    throw new AppError("VALIDATION", check.message, { reason: check.code, resetTo: check.resetTo });
  }
}
