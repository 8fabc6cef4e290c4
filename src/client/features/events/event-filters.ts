import type { EventDto } from "../../../contracts/events";
import {
  type DateRangeChip,
  dateRangeFor,
  EVENT_TYPE_LABELS,
  EVENT_TYPES,
  type EventType,
} from "../../../domain/events";
import { addDaysToDate, compareDates } from "../../../domain/venue-time";

// SPEC §2 Events list: search by name, one date-range chip, one type chip (a second click
// deselects it), and — in the calendar view — one day of the 30-day strip.

export type EventFilters = {
  search: string;
  range: DateRangeChip;
  type: EventType | null;
  /** The calendar strip's selected day (calendar view only). */
  day: string | null;
};

export const NO_FILTERS: EventFilters = { search: "", range: "all", type: null, day: null };

export const RANGE_CHIPS: Array<{ value: DateRangeChip; label: string }> = [
  { value: "all", label: "All Dates" },
  { value: "today", label: "Today" },
  { value: "this_week", label: "This Week" },
  { value: "this_weekend", label: "This Weekend" },
  { value: "next_week", label: "Next Week" },
];

/** SPEC §2 Event-type chips, in the spec's order there (not §9's order of the type codes). */
const TYPE_CHIP_ORDER: readonly EventType[] = [
  "tournament",
  "league",
  "ladder",
  "open_play",
  "classes",
  "foodie",
];
export const TYPE_CHIPS = TYPE_CHIP_ORDER.map((code) => ({
  value: code,
  label: EVENT_TYPES.find((t) => t.code === code)?.pluralLabel ?? code,
}));

/** SPEC §9: the calendar strip shows the next 30 days, today first. */
const CALENDAR_DAYS = 30;

export function calendarDays(today: string, count = CALENDAR_DAYS): string[] {
  return Array.from({ length: count }, (_, i) => addDaysToDate(today, i));
}

export function hasFilters(f: EventFilters): boolean {
  return f.search.trim() !== "" || f.range !== "all" || f.type !== null || f.day !== null;
}

/** A type chip: selecting the selected one again clears it. */
export function toggleType(current: EventType | null, clicked: EventType): EventType | null {
  return current === clicked ? null : clicked;
}

export function filterEvents(events: readonly EventDto[], f: EventFilters, now: Date): EventDto[] {
  const search = f.search.trim().toLowerCase();
  const range = dateRangeFor(f.range, now);
  return events.filter(
    (e) =>
      (search === "" || e.name.toLowerCase().includes(search)) &&
      (range === null || (compareDates(e.date, range.start) >= 0 && compareDates(e.date, range.end) <= 0)) &&
      (f.type === null || e.type === f.type) &&
      (f.day === null || e.date === f.day),
  );
}

/** SPEC §2 Empty messages, the most specific filter first. `dayLabel` names the strip's day. */
export function emptyMessage(f: EventFilters, dayLabel?: string): string {
  if (f.search.trim() !== "") return `No events found matching "${f.search.trim()}"`;
  if (f.type !== null) return `No upcoming ${EVENT_TYPE_LABELS[f.type]} events scheduled`;
  if (f.day !== null) return `No events scheduled for ${dayLabel ?? f.day}`;
  if (f.range !== "all") {
    const label = RANGE_CHIPS.find((c) => c.value === f.range)?.label ?? f.range;
    return `No events scheduled for ${label.toLowerCase()}`;
  }
  return "No upcoming events scheduled";
}
