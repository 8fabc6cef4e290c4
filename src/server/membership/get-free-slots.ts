import type { FreeSlotsResponse } from "../../contracts/membership";
import { type BookingRules, freeBookingRulesText } from "../../domain/booking-rules";
import { maxBookingDate } from "../../domain/booking-window";
import { checkFreeBookingDate, isFreeSlotStart, offersFreeSlots } from "../../domain/free-booking";
import { generateSlots } from "../../domain/slots";
import { addDaysToDate, isDateString, venueToday } from "../../domain/venue-time";
import type { AppDeps } from "../deps";
import { loadSlotContext } from "../kernel/schedule/slot-context";
import { AppError } from "../lib/errors";
import { loadBookingRules } from "../settings/booking-rules";
import { countFreeReservations } from "./count-free-reservations";

/**
 * SPEC §2 Member Free Reservations: the allowance of the chosen date's week ("(N remaining)") and
 * the times a free reservation may take that day — court slots of the venue's free length (120
 * minutes by default) with a court free, inside that weekday's window (by default from 08:00,
 * Monday–Thursday before 15:30, Friday before 13:30, none at weekends). Without a date, the
 * first day from today that has a free time (so a Saturday visit opens on Monday, not on nothing).
 */
export async function getFreeSlots(
  deps: AppDeps,
  memberId: string,
  requestedDate: string | undefined,
): Promise<FreeSlotsResponse> {
  const now = deps.now();
  const rules = await loadBookingRules(deps.db);
  const today = venueToday(now);
  const maxDate = maxBookingDate(now, true, rules);
  let date = requestedDate ?? today;
  assertFreeBookingDate(date, now, rules);
  let slots = await freeSlotsOn(deps, rules, date, now);
  for (
    let d = addDaysToDate(date, 1);
    !requestedDate && slots.length === 0 && d <= maxDate;
    d = addDaysToDate(d, 1)
  ) {
    const found = await freeSlotsOn(deps, rules, d, now);
    if (found.length > 0) [date, slots] = [d, found];
  }
  const allowance = await countFreeReservations(deps.db, memberId, date, rules);
  return { today, maxDate, date, allowance, slots, rules: freeBookingRulesText(rules) };
}

async function freeSlotsOn(deps: AppDeps, rules: BookingRules, date: string, now: Date) {
  if (!offersFreeSlots(rules, date)) return [];
  const context = await loadSlotContext(deps.db, "court", date, now);
  return generateSlots({
    date,
    now,
    facilityType: "court",
    durationMinutes: rules.freeBookingMinutes,
    card: null, // free bookings cost nothing
    hours: context.hours,
    facilityIds: context.facilityIds,
    busy: context.busy,
  })
    .filter((s) => s.isAvailable && isFreeSlotStart(rules, date, s.startTime))
    .map((s) => ({
      startTime: s.startTime,
      endTime: s.endTime,
      displayTime: s.displayTime,
      availableCourts: s.availableFacilities,
    }));
}

/** SPEC §5 Member free booking: from today to today + 14 (the members' horizon), with its messages. */
export function assertFreeBookingDate(date: string, now: Date, rules: BookingRules): void {
  if (!isDateString(date)) throw new AppError("VALIDATION", "Invalid date");
  const check = checkFreeBookingDate(date, now, rules);
  if (!check.ok) {
    throw new AppError("VALIDATION", check.message, { reason: check.code, resetTo: check.resetTo });
  }
}
