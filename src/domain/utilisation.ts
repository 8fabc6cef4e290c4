import type { DayHours } from "./admin-schedule";
import { dayOfWeek, minutesOf } from "./venue-time";

// Issue 33 item 3: utilisation, booked minutes over open minutes, per weekday and hour of the
// venue's clock. Pure: the open minutes come from the venue's hours of each date (its weekly hours
// or a special day's), the booked minutes from one SQL aggregate (server/reports).

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
/** The heat map's rows, Monday first (SPEC §9: weeks start on Monday). */
export const WEEKDAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** minutes[weekday][hour], 7 × 24 zeros. */
export type WeekGrid = number[][];
export const emptyGrid = (): WeekGrid => Array.from({ length: 7 }, () => Array<number>(24).fill(0));

/** The minutes the venue is open in each hour of one day's hours: 24 numbers, 0 to 60. */
export function openMinutesByHour(hours: DayHours): number[] {
  const out = Array<number>(24).fill(0);
  if (!hours) return out;
  const opens = minutesOf(hours.opensAt);
  const closes = hours.closesAt === "24:00" ? 24 * 60 : minutesOf(hours.closesAt);
  for (let h = 0; h < 24; h++) out[h] = Math.max(0, Math.min(closes, (h + 1) * 60) - Math.max(opens, h * 60));
  return out;
}

/**
 * One court's (or bay's) open minutes in each hour of a day: the venue's hours less the stretches
 * its closures take (issue 33: a court closed for repairs is not open time). Overlapping stretches
 * are taken once.
 */
export function facilityOpenByHour(
  hours: DayHours,
  closed: ReadonlyArray<{ startTime: string; endTime: string }>,
): number[] {
  const out = openMinutesByHour(hours);
  if (!hours || closed.length === 0) return out;
  const opens = minutesOf(hours.opensAt);
  const closes = minutesOf(hours.closesAt);
  const stretches = closed
    .map((c) => [Math.max(opens, minutesOf(c.startTime)), Math.min(closes, minutesOf(c.endTime))] as const)
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0]);
  let taken = opens; // everything before this is already taken off
  for (const [from, to] of stretches) {
    const s = Math.max(from, taken);
    for (let h = Math.floor(s / 60); h * 60 < to; h++) {
      out[h] = (out[h] ?? 0) - Math.max(0, Math.min(to, (h + 1) * 60) - Math.max(s, h * 60));
    }
    taken = Math.max(taken, to);
  }
  return out;
}

/** One facility's open minutes over the dates, by the weekday and hour they fall on. */
export function openMinutesGrid(dates: readonly string[], hoursOf: (date: string) => DayHours): WeekGrid {
  const grid = emptyGrid();
  for (const date of dates) {
    const row = grid[dayOfWeek(date)] as number[];
    const open = openMinutesByHour(hoursOf(date));
    for (let h = 0; h < 24; h++) row[h] = (row[h] ?? 0) + (open[h] ?? 0);
  }
  return grid;
}

export const gridTotal = (grid: WeekGrid): number =>
  grid.reduce((sum, row) => sum + row.reduce((a, b) => a + b, 0), 0);

/** Booked over open in whole percent (null when nothing was open). */
export function utilisationPercent(booked: number, open: number): number | null {
  return open > 0 ? Math.round((booked / open) * 100) : null;
}

/** The hours to show: those open on any weekday, or booked. */
export function shownHours(open: WeekGrid, booked: WeekGrid): number[] {
  const hours: number[] = [];
  for (let h = 0; h < 24; h++)
    if (open.some((r, d) => (r[h] ?? 0) > 0 || (booked[d]?.[h] ?? 0) > 0)) hours.push(h);
  return hours;
}

/** "9 AM", "12 PM", "10 PM": an hour's column heading. */
export function hourLabel(hour: number): string {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12} ${hour < 12 ? "AM" : "PM"}`;
}
