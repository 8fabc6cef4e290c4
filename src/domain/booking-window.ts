import type { BookingRules } from "./booking-rules";
import { addDaysToDate, compareDates, venueToday } from "./venue-time";

// SPEC §5 Public booking and §9 Booking, Horizon: today … today + the guests' horizon (10 days by
// default) or the members' (14); the venue sets both (booking-rules.ts).
type Horizons = Pick<BookingRules, "guestHorizonDays" | "memberHorizonDays">;

export const PAST_DATE_MESSAGE = "You cannot book for past days";
export const tooFarMessage = (horizonDays: number) =>
  `You can only book up to ${horizonDays} days in advance`;

export type BookingDateCheck =
  | { ok: true }
  | { ok: false; code: "PAST_DATE" | "TOO_FAR"; message: string; resetTo: string };

export function horizonDays(rules: Horizons, member: boolean): number {
  return member ? rules.memberHorizonDays : rules.guestHorizonDays;
}

/** The last bookable venue date (inclusive). */
export function maxBookingDate(now: Date, member: boolean, rules: Horizons): string {
  return addDaysToDate(venueToday(now), horizonDays(rules, member));
}

/**
 * SPEC §5 Public booking, Date. "Today" is the venue's date, so a guest in another zone, or a
 * server in UTC, gets the same answer. `resetTo` is where the date picker goes back to.
 */
export function checkBookingDate(
  date: string,
  now: Date,
  member: boolean,
  rules: Horizons,
): BookingDateCheck {
  const today = venueToday(now);
  if (compareDates(date, today) < 0) {
    return { ok: false, code: "PAST_DATE", message: PAST_DATE_MESSAGE, resetTo: today };
  }
  const max = maxBookingDate(now, member, rules);
  if (compareDates(date, max) > 0) {
    return { ok: false, code: "TOO_FAR", message: tooFarMessage(horizonDays(rules, member)), resetTo: max };
  }
  return { ok: true };
}
