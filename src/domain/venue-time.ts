import { TZDate } from "@date-fns/tz";
import { addDays, addMonths, differenceInCalendarDays, lightFormat } from "date-fns";

// SPEC §9 Time and calendar: the venue lives in America/Chicago. Dates ("yyyy-MM-dd") and
// times ("HH:mm") are the venue's wall clock; only instants are JS Dates.
export const VENUE_TIME_ZONE = "America/Chicago";

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

function dateParts(date: string): [number, number, number] {
  const m = DATE_RE.exec(date);
  if (!m || !isDateString(date)) throw new RangeError(`Invalid date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

// A calendar date has no time zone; UTC midnight is a carrier that never meets a DST change.
function calendarDay(date: string): TZDate {
  const [y, m, d] = dateParts(date);
  return new TZDate(y, m - 1, d, "UTC");
}

/**
 * Remembers answers about calendar dates (valid? which weekday?): they never change, and the
 * availability of one day asks them for every slot. Bounded, so odd input cannot grow it forever.
 */
function remembered<T>(compute: (date: string) => T): (date: string) => T {
  const cache = new Map<string, T>();
  return (date) => {
    const known = cache.get(date);
    if (known !== undefined) return known;
    const value = compute(date);
    if (cache.size >= 2000) cache.clear();
    cache.set(date, value);
    return value;
  };
}

export const isDateString = remembered((s: string): boolean => {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new TZDate(y, mo - 1, d, "UTC");
  return probe.getFullYear() === y && probe.getMonth() === mo - 1 && probe.getDate() === d;
});

export function isTimeString(s: string): boolean {
  return TIME_RE.test(s);
}

/** -1, 0 or 1, like a sort comparator. */
export function compareDates(a: string, b: string): number {
  dateParts(a);
  dateParts(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The venue's wall clock for an instant, remembered for the current minute: time-zone offsets are
 * whole minutes, so every instant of one UTC minute shows the same venue date and "HH:mm".
 */
function minuteClock(pattern: string): (now: Date) => string {
  let minute = Number.NaN;
  let value = "";
  return (now) => {
    const m = Math.floor(now.getTime() / 60_000);
    if (m !== minute) {
      // lightFormat, not format: the same digits without the locale tables (the booking page's
      // first load carries this module). A TZDate reads its fields on the venue's wall clock.
      value = lightFormat(new TZDate(now, VENUE_TIME_ZONE), pattern);
      minute = m;
    }
    return value;
  };
}

const todayClock = minuteClock("yyyy-MM-dd");
const timeClock = minuteClock("HH:mm");

export function venueToday(now: Date): string {
  return todayClock(now);
}

export function venueNowTime(now: Date): string {
  return timeClock(now);
}

const shiftedDates = remembered((key: string): string => {
  const [date = "", days = "0"] = key.split("|");
  return lightFormat(addDays(calendarDay(date), Number(days)), "yyyy-MM-dd");
});

export function addDaysToDate(date: string, days: number): string {
  return shiftedDates(`${date}|${days}`);
}

/**
 * Every date from `from` to `to`, both included, by UTC arithmetic (a calendar date has no zone, and
 * UTC no DST): a report's six years of days in a millisecond, not a date-library call per day.
 */
export function calendarDates(from: string, to: string): string[] {
  dateParts(from);
  dateParts(to);
  const out: string[] = [];
  const last = Date.parse(`${to}T00:00:00Z`);
  for (
    const day = new Date(`${from}T00:00:00Z`);
    day.getTime() <= last;
    day.setUTCDate(day.getUTCDate() + 1)
  ) {
    out.push(day.toISOString().slice(0, 10));
  }
  return out;
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetweenDates(from: string, to: string): number {
  return differenceInCalendarDays(calendarDay(to), calendarDay(from));
}

/** Calendar months; a day the target month lacks clamps to its last day (Jan 31 + 1 → Feb 28). */
export function addMonthsToDate(date: string, months: number): string {
  return lightFormat(addMonths(calendarDay(date), months), "yyyy-MM-dd");
}

/** 0 = Sunday … 6 = Saturday, of the calendar date itself (SPEC §5: the venue's date). */
export const dayOfWeek = remembered((date: string): number => calendarDay(date).getDay());

/** The Monday of the week holding `date` (SPEC §9: weeks start on Monday). */
export function mondayOfWeek(date: string): string {
  return addDaysToDate(date, -((dayOfWeek(date) + 6) % 7));
}

/**
 * The instant the venue's wall clock shows `date` `time`. A time skipped by the spring-forward
 * gap moves forward by the gap (02:30 → 03:30 CDT); a repeated fall-back time takes its first
 * occurrence (CDT). "24:00" is midnight at the end of `date`.
 */
export function venueInstant(date: string, time: string): Date {
  const [y, m, d] = dateParts(date);
  const minutes = minutesOf(time);
  const local = new TZDate(y, m - 1, d, Math.floor(minutes / 60), minutes % 60, VENUE_TIME_ZONE);
  return new Date(local.getTime());
}

const ZERO = 48;
const COLON = 58;

/** The decimal digit at `i` of `s`, or -1. */
function digitAt(s: string, i: number): number {
  const d = s.charCodeAt(i) - ZERO;
  return d >= 0 && d <= 9 ? d : -1;
}

/**
 * "HH:mm" (or "HH:mm:00", or "24:00") → minutes since midnight. Database `time` columns come back
 * as "HH:mm:ss"; "24:00" stands for the end of the day. It reads the shape
 * `/^(\d{2}):([0-5]\d)(?::00)?$/` character by character (venue-time.test.ts checks the two
 * agree): every availability lookup and hold reads a few hundred times (the day's busy intervals,
 * each slot's prices and label), and the regular expression's match arrays were about 7% of the
 * uncached lookup's CPU (issue 16).
 */
export function minutesOf(time: string): number {
  const withSeconds =
    time.length === 8 &&
    time.charCodeAt(5) === COLON &&
    time.charCodeAt(6) === ZERO &&
    time.charCodeAt(7) === ZERO;
  let minutes = Number.NaN;
  if ((time.length === 5 || withSeconds) && time.charCodeAt(2) === COLON) {
    const h1 = digitAt(time, 0);
    const h2 = digitAt(time, 1);
    const m1 = digitAt(time, 3);
    const m2 = digitAt(time, 4);
    if (h1 >= 0 && h2 >= 0 && m1 >= 0 && m1 <= 5 && m2 >= 0) minutes = (h1 * 10 + h2) * 60 + m1 * 10 + m2;
  }
  if (!(minutes <= 24 * 60)) throw new RangeError(`Invalid time: ${time}`);
  return minutes;
}

/** Minutes since midnight (0 … 1440) → "HH:mm". */
export function timeOf(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > 24 * 60) {
    throw new RangeError(`Invalid minutes: ${minutes}`);
  }
  const hh = String(Math.floor(minutes / 60)).padStart(2, "0");
  return `${hh}:${String(minutes % 60).padStart(2, "0")}`;
}

/** SPEC §3 Time slot: "h:mm AM". Midnight (and "24:00") is 12:00 AM, noon 12:00 PM. */
export function formatTime12(time: string): string {
  const minutes = minutesOf(time) % (24 * 60);
  const hours24 = Math.floor(minutes / 60);
  const hours12 = hours24 % 12 === 0 ? 12 : hours24 % 12;
  const suffix = hours24 < 12 ? "AM" : "PM";
  return `${hours12}:${String(minutes % 60).padStart(2, "0")} ${suffix}`;
}

/** SPEC §3 Time slot displayTime: "h:mm AM - h:mm PM". */
export function formatTimeRange(start: string, end: string): string {
  return `${formatTime12(start)} - ${formatTime12(end)}`;
}

/** SPEC §5: overlap means a starts before b ends and ends after b starts (touching is fine). */
export function timeRangesOverlap(
  a: { startTime: string; endTime: string },
  b: { startTime: string; endTime: string },
): boolean {
  return minutesOf(a.startTime) < minutesOf(b.endTime) && minutesOf(a.endTime) > minutesOf(b.startTime);
}
