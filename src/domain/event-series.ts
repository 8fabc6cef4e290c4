import { addDaysToDate, compareDates, daysBetweenDates } from "./venue-time";

// Decision 021 (issue 14 item 6): the occurrences of a recurring event form a series. Staff edit or
// delete one occurrence, this one and the following ones, or the whole series, as calendar apps do.

export const SERIES_SCOPES = ["one", "following", "all"] as const;
export type SeriesScope = (typeof SERIES_SCOPES)[number];

export const SERIES_SCOPE_LABELS: Record<SeriesScope, string> = {
  one: "This event",
  following: "This and following events",
  all: "All events in the series",
};

export const SERIES_MESSAGES = {
  changed: "The series changed while you were saving. Please try again.",
  updated: (n: number) => (n === 1 ? "Event updated successfully" : `${n} events updated successfully`),
  deleted: (n: number) => (n === 1 ? "Event deleted" : `${n} events deleted`),
} as const;

export type Occurrence = { id: string; date: string; startTime: string };

/** Series order: by date, then start time, then id (so two equal occurrences still have one order). */
export function compareOccurrences(a: Occurrence, b: Occurrence): number {
  return compareDates(a.date, b.date) || a.startTime.localeCompare(b.startTime) || a.id.localeCompare(b.id);
}

/**
 * The occurrences a scope reaches from the chosen one, in series order. "following" starts at the
 * chosen occurrence (earlier ones are untouched); an id outside the series reaches nothing.
 */
export function occurrencesInScope<T extends Occurrence>(
  series: readonly T[],
  chosenId: string,
  scope: SeriesScope,
): T[] {
  const ordered = [...series].sort(compareOccurrences);
  const index = ordered.findIndex((o) => o.id === chosenId);
  if (index < 0) return [];
  if (scope === "one") return ordered.slice(index, index + 1);
  if (scope === "following") return ordered.slice(index);
  return ordered;
}

/** True when "following" leaves earlier occurrences behind, so the following ones become a series of their own. */
export function splitsSeries(series: readonly Occurrence[], chosenId: string, scope: SeriesScope): boolean {
  if (scope !== "following") return false;
  const ordered = [...series].sort(compareOccurrences);
  return ordered.findIndex((o) => o.id === chosenId) > 0;
}

/**
 * Where an occurrence goes when the chosen one moves from `from` to `to`: every occurrence in the
 * scope moves by the same number of days, as a calendar app moves a series.
 */
export function shiftOccurrenceDate(date: string, from: string, to: string): string {
  const days = daysBetweenDates(from, to);
  return days === 0 ? date : addDaysToDate(date, days);
}
