import { exportRangeProblem, MAX_EXPORT_YEARS } from "./csv-export";
import { addDaysToDate, calendarDates, daysBetweenDates } from "./venue-time";

// Issue 33 item 3: the owner's reports (/admin/reports). Pure: the server refuses a range with the
// same function the page checks it with, and both work out the period before the same way.

/** The reports the server answers; any other name is refused as unknown. */
export const REPORT_KINDS = [
  "revenue",
  "utilisation",
  "bookings",
  "members",
  "coupons",
  "events",
  "customers",
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_LABELS: Record<ReportKind, string> = {
  revenue: "Revenue",
  utilisation: "Utilisation",
  bookings: "Bookings",
  members: "Members",
  coupons: "Coupons",
  events: "Events",
  customers: "Top customers",
};

export const isReportKind = (value: string): value is ReportKind =>
  (REPORT_KINDS as readonly string[]).includes(value);

export const unknownReportMessage = (name: string) =>
  `There is no report called "${name}". Reports: ${REPORT_KINDS.join(", ")}.`;

export type ReportRange = { from: string; to: string };

/** The longest range one report covers (as the exports). */
export const MAX_REPORT_YEARS = MAX_EXPORT_YEARS;

/** How many days the default range covers, today included. */
export const DEFAULT_REPORT_DAYS = 30;

/** The last 30 days of the venue's calendar, today included. */
export function defaultReportRange(today: string): ReportRange {
  return { from: addDaysToDate(today, -(DEFAULT_REPORT_DAYS - 1)), to: today };
}

/**
 * Why a range cannot be reported (with the field it concerns), or null: the same rules as the
 * exports (an end on or after the start, at most 3 years).
 */
export const reportRangeProblem = exportRangeProblem;

/** Days in the range, both ends included. */
export const rangeDays = ({ from, to }: ReportRange): number => daysBetweenDates(from, to) + 1;

/** The period of the same length that ends the day before `from` (what the range is compared with). */
export function periodBefore(range: ReportRange): ReportRange {
  const days = rangeDays(range);
  return { from: addDaysToDate(range.from, -days), to: addDaysToDate(range.from, -1) };
}

/** Every date of the range in order, so a day without money still shows as 0. */
export function datesOf({ from, to }: ReportRange): string[] {
  return calendarDates(from, to);
}

/** Where revenue comes from: the report's columns, in order. */
export const REVENUE_STREAMS = ["courts", "dartBays", "events", "memberships", "desk"] as const;
export type RevenueStream = (typeof REVENUE_STREAMS)[number];

export const REVENUE_STREAM_LABELS: Record<RevenueStream, string> = {
  courts: "Court bookings",
  dartBays: "Dart bays",
  events: "Events",
  memberships: "Memberships",
  desk: "Desk payments",
};

export type RevenueCents = Record<RevenueStream, number>;

export const zeroRevenue = (): RevenueCents => ({
  courts: 0,
  dartBays: 0,
  events: 0,
  memberships: 0,
  desk: 0,
});

export const revenueTotal = (r: RevenueCents): number => REVENUE_STREAMS.reduce((sum, s) => sum + r[s], 0);

/** The streams added up over many days (integer cents: exact). */
export function sumRevenue(days: readonly RevenueCents[]): RevenueCents {
  const total = zeroRevenue();
  for (const day of days) for (const s of REVENUE_STREAMS) total[s] += day[s];
  return total;
}

/** The change from the period before in whole percent, or null when that period had nothing. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 100);
}

/** How a booking was made: the bookings report's rows, in order. */
export const BOOKING_CHANNELS = ["online", "desk", "freeMember", "staff"] as const;
export type BookingChannel = (typeof BOOKING_CHANNELS)[number];

export const BOOKING_CHANNEL_LABELS: Record<BookingChannel, string> = {
  online: "Online",
  desk: "Desk (paid at the desk)",
  freeMember: "Free member booking",
  staff: "Staff (not paid at the desk)",
};

/** No-shows over the bookings whose start has passed, in whole percent (null before any started). */
export const noShowPercent = (noShows: number, started: number): number | null =>
  started > 0 ? Math.round((noShows / started) * 1000) / 10 : null;
