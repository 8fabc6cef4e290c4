import type { BookingRules } from "./booking-rules";
import { type BookingDateCheck, checkBookingDate } from "./booking-window";
import type { FacilityType } from "./durations";
import { addDaysToDate, dayOfWeek, minutesOf, mondayOfWeek, venueToday } from "./venue-time";

// SPEC §5 Member free booking and §9 Booking: by default 2 per week, exactly 120 minutes, courts
// only, inside each weekday's window (booking-rules.ts: Monday–Thursday 8am–5pm, Friday 8am–3pm,
// i.e. starting from 08:00 and before 15:30 or 13:30 on the 30-minute grid).

export const FREE_BOOKINGS_USED_MESSAGE = "You have already used your free reservations for this week";
export const SELECT_TIME_SLOT_MESSAGE = "Please select a time slot";
export const EMAIL_NOT_AVAILABLE_MESSAGE = "Your email address is not available. Please contact support.";
export const MEMBERS_ONLY_MESSAGE = "This page is for members only";
export const FREE_SLOT_TAKEN_MESSAGE = "This time is no longer available. Please choose another time.";

/** Whether a free court booking may start at `startTime` on `date`: it lies inside that weekday's window. */
export function isFreeSlotStart(rules: BookingRules, date: string, startTime: string): boolean {
  const window = rules.freeWindows[String(dayOfWeek(date))];
  if (!window) return false;
  const start = minutesOf(startTime);
  return start >= minutesOf(window.from) && start + rules.freeBookingMinutes <= minutesOf(window.to);
}

/** Whether `date`'s weekday offers free bookings at all (by default Monday–Friday). */
export function offersFreeSlots(rules: BookingRules, date: string): boolean {
  return rules.freeBookingsPerWeek > 0 && rules.freeWindows[String(dayOfWeek(date))] !== undefined;
}

/** SPEC §9 Time and calendar: weeks start on Monday. Both ends inclusive. */
export function weekBounds(date: string): { start: string; end: string } {
  const start = mondayOfWeek(date);
  return { start, end: addDaysToDate(start, 6) };
}

/**
 * The week the venue is in at `now` (Monday–Sunday by the venue's calendar, America/Chicago), so
 * Sunday 11:30 PM is still last week even when UTC already reads Monday.
 */
export function currentWeekBounds(now: Date): { start: string; end: string } {
  return weekBounds(venueToday(now));
}

/** SPEC §5 Member free booking: "from today to today + 14 days" (the members' horizon), with its messages. */
export function checkFreeBookingDate(date: string, now: Date, rules: BookingRules): BookingDateCheck {
  return checkBookingDate(date, now, true, rules);
}

export function freeBookingsRemaining(rules: BookingRules, usedThisWeek: number): number {
  return Math.max(0, rules.freeBookingsPerWeek - usedThisWeek);
}

/**
 * SPEC §5 Creating a reservation: a booking is a free member booking only when the customer is
 * a member, the price is 0, the duration is 120 minutes and the facility is a court.
 */
export function isFreeMemberBooking(
  booking: {
    isMember: boolean;
    priceCents: number;
    durationMinutes: number;
    facilityType: FacilityType;
  },
  rules: BookingRules,
): boolean {
  return (
    booking.isMember &&
    booking.priceCents === 0 &&
    booking.durationMinutes === rules.freeBookingMinutes &&
    booking.facilityType === "court"
  );
}
