import { type BookingDateCheck, checkBookingDate } from "./booking-window";
import type { FacilityType } from "./durations";
import { addDaysToDate, dayOfWeek, minutesOf, mondayOfWeek, venueToday } from "./venue-time";

// SPEC §5 Member free booking and §9 Booking: 2 per week, exactly 120 minutes, courts only.
export const FREE_BOOKINGS_PER_WEEK = 2;
export const FREE_BOOKING_DURATION = 120;

const EARLIEST_START = minutesOf("08:00");
// Latest start (exclusive) by weekday, 0 = Sunday. Weekends offer none. The benefit text's
// "Monday–Thursday 8am–5pm, Friday 8am–3pm" is where a 2-hour slot has to end.
const START_BEFORE: Record<number, number> = {
  1: minutesOf("15:30"),
  2: minutesOf("15:30"),
  3: minutesOf("15:30"),
  4: minutesOf("15:30"),
  5: minutesOf("13:30"),
};

export const FREE_BOOKINGS_USED_MESSAGE = "You have already used your free reservations for this week";
export const SELECT_TIME_SLOT_MESSAGE = "Please select a time slot";
export const EMAIL_NOT_AVAILABLE_MESSAGE = "Your email address is not available. Please contact support.";
export const MEMBERS_ONLY_MESSAGE = "This page is for members only";
export const FREE_SLOT_TAKEN_MESSAGE = "This time is no longer available. Please choose another time.";

/** Whether a 120-minute free court booking may start at `startTime` on `date`. */
export function isFreeSlotStart(date: string, startTime: string): boolean {
  const before = START_BEFORE[dayOfWeek(date)];
  const start = minutesOf(startTime);
  return before !== undefined && start >= EARLIEST_START && start < before;
}

/** Whether `date`'s weekday offers free bookings at all (Monday–Friday). */
export function offersFreeSlots(date: string): boolean {
  return START_BEFORE[dayOfWeek(date)] !== undefined;
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

/** SPEC §5 Member free booking: "from today to today + 14 days", with the members' messages. */
export function checkFreeBookingDate(date: string, now: Date): BookingDateCheck {
  return checkBookingDate(date, now, true);
}

export function freeBookingsRemaining(usedThisWeek: number): number {
  return Math.max(0, FREE_BOOKINGS_PER_WEEK - usedThisWeek);
}

/**
 * SPEC §5 Creating a reservation: a booking is a free member booking only when the customer is
 * a member, the price is 0, the duration is 120 minutes and the facility is a court.
 */
export function isFreeMemberBooking(booking: {
  isMember: boolean;
  priceCents: number;
  durationMinutes: number;
  facilityType: FacilityType;
}): boolean {
  return (
    booking.isMember &&
    booking.priceCents === 0 &&
    booking.durationMinutes === FREE_BOOKING_DURATION &&
    booking.facilityType === "court"
  );
}
