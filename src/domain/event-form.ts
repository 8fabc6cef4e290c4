import { type EventType, requiresCourts } from "./events";
import { isDateString, minutesOf, timeRangesOverlap } from "./venue-time";

// SPEC §5 Event create and edit, Courts offered: the venue's active courts (the spec's 1–8 in the demo), less those used by another event
// on the same date whose time overlaps, less those of non-cancelled overlapping reservations.

export type TimeRange = { startTime: string; endTime: string };
export type CourtBooking = TimeRange & { courtId: number };
export type CourtEvent = TimeRange & { id?: string; courts: readonly number[] };

export const EVENT_FORM_MESSAGES = {
  name: "Event name is required",
  date: "Date is required",
  times: "Start time and end time are required",
  timeOrder: "End time must be after start time",
  maxParticipants: "Maximum participants must be at least 1",
  price: "Prices must be at least 0",
  courts: "Please select at least one court",
  noCourts: "No courts available for selected time",
  inactiveCourt: "Choose among the venue's active courts",
  fileSize: "File size must be less than 5MB",
  fileType: "Please choose an image file (JPEG, PNG, GIF or WebP)",
  notFound: "Event not found",
  reserved: (date: string | null) =>
    `One or more selected courts are already reserved on ${date ?? "this date"}`,
  inUse: (date: string | null) =>
    `One or more selected courts are already in use for another event on ${date ?? "this date"}`,
  created: (n: number) => `${n} ${n === 1 ? "event" : "events"} created successfully`,
  updated: "Event updated successfully",
} as const;

/** The courts reservations hold during `window`. */
export function courtsReservedDuring(window: TimeRange, bookings: readonly CourtBooking[]): Set<number> {
  return new Set(bookings.filter((b) => timeRangesOverlap(window, b)).map((b) => b.courtId));
}

/** The courts other events hold during `window`; the event being edited does not count. */
export function courtsUsedByEventsDuring(
  window: TimeRange,
  events: readonly CourtEvent[],
  excludeEventId?: string | null,
): Set<number> {
  const used = new Set<number>();
  for (const e of events) {
    if (excludeEventId && e.id === excludeEventId) continue;
    if (!timeRangesOverlap(window, e)) continue;
    for (const c of e.courts) used.add(c);
  }
  return used;
}

/** The venue's active courts (issue 31: staff's, in their order) less those taken during the window. */
export function offeredCourts(
  activeCourtIds: readonly number[],
  window: TimeRange,
  bookings: readonly CourtBooking[],
  events: readonly CourtEvent[],
  excludeEventId?: string | null,
): number[] {
  const reserved = courtsReservedDuring(window, bookings);
  const used = courtsUsedByEventsDuring(window, events, excludeEventId);
  return activeCourtIds.filter((c) => !reserved.has(c) && !used.has(c));
}

/** SPEC §5 Edit: already-selected courts that became unavailable are dropped. */
export function keepOfferedCourts(selected: readonly number[], offered: readonly number[]): number[] {
  return selected.filter((c) => offered.includes(c));
}

export type EventFormValues = {
  name: string;
  type: EventType;
  date: string;
  startTime: string;
  endTime: string;
  courts: readonly number[];
  maxParticipants: number;
  memberPriceCents: number;
  nonMemberPriceCents: number;
};

/** The first problem with the create/edit form, or null (SPEC §5 Required fields and limits). */
export function checkEventForm(v: EventFormValues): string | null {
  if (v.name.trim() === "") return EVENT_FORM_MESSAGES.name;
  if (v.date === "" || !isDateString(v.date)) return EVENT_FORM_MESSAGES.date;
  if (v.startTime === "" || v.endTime === "") return EVENT_FORM_MESSAGES.times;
  if (minutesOf(v.endTime) <= minutesOf(v.startTime)) return EVENT_FORM_MESSAGES.timeOrder;
  if (!Number.isInteger(v.maxParticipants) || v.maxParticipants < 1)
    return EVENT_FORM_MESSAGES.maxParticipants;
  if (v.memberPriceCents < 0 || v.nonMemberPriceCents < 0) return EVENT_FORM_MESSAGES.price;
  if (requiresCourts(v.type) && v.courts.length === 0) return EVENT_FORM_MESSAGES.courts;
  return null;
}

/** SPEC §5: a skill level is added only if its trimmed text is not empty (and, here, not twice). */
export function addSkillLevel(levels: readonly string[], text: string): string[] {
  const level = text.trim();
  if (level === "" || levels.includes(level)) return [...levels];
  return [...levels, level];
}
