import { formatPriceShort } from "./money";
import {
  addDaysToDate,
  addMonthsToDate,
  dayOfWeek,
  mondayOfWeek,
  venueInstant,
  venueToday,
} from "./venue-time";

// SPEC §9 Events: types in the spec's order, with the filter chips' plural labels (SPEC §2).
export const EVENT_TYPES = [
  { code: "open_play", label: "Open Play", pluralLabel: "Open Play" },
  { code: "tournament", label: "Tournament", pluralLabel: "Tournaments" },
  { code: "league", label: "League", pluralLabel: "Leagues" },
  { code: "ladder", label: "Ladder", pluralLabel: "Ladders" },
  { code: "classes", label: "Classes", pluralLabel: "Classes" },
  { code: "foodie", label: "Foodie", pluralLabel: "Foodie" },
] as const;
export type EventType = (typeof EVENT_TYPES)[number]["code"];

export const EVENT_TYPE_LABELS = Object.fromEntries(EVENT_TYPES.map((t) => [t.code, t.label])) as Record<
  EventType,
  string
>;

export function isEventType(value: string): value is EventType {
  return EVENT_TYPES.some((t) => t.code === value);
}

/** SPEC §5 Event create and edit: foodie events need no court. */
export const requiresCourts = (type: EventType) => type !== "foodie";

export const EVENT_DEFAULTS = {
  type: "open_play",
  maxParticipants: 16,
  recurrenceFrequency: "weekly",
  recurrenceCount: 4,
} as const;
export const MIN_RECURRENCE_COUNT = 2;
export const MAX_RECURRENCE_COUNT = 12;

export type DateRangeChip = "all" | "today" | "this_week" | "this_weekend" | "next_week";

/** SPEC §9 Time and calendar: Monday-start weeks, in the venue's calendar. Null = no limit. */
export function dateRangeFor(chip: DateRangeChip, now: Date): { start: string; end: string } | null {
  const today = venueToday(now);
  const monday = mondayOfWeek(today);
  switch (chip) {
    case "all":
      return null;
    case "today":
      return { start: today, end: today };
    case "this_week":
      return { start: monday, end: addDaysToDate(monday, 6) };
    case "this_weekend":
      return { start: addDaysToDate(monday, 5), end: addDaysToDate(monday, 6) };
    case "next_week":
      return { start: addDaysToDate(monday, 7), end: addDaysToDate(monday, 13) };
  }
}

/**
 * SPEC §5 Recurrence: the first occurrence is the chosen date; weekly adds 7 days, monthly one
 * calendar month counted from the first date (so Jan 31 → Feb 28 → Mar 31, never drifting).
 */
export function recurrenceDates(first: string, frequency: "weekly" | "monthly", count: number): string[] {
  if (!Number.isInteger(count) || count < MIN_RECURRENCE_COUNT || count > MAX_RECURRENCE_COUNT) {
    throw new RangeError(
      `Recurrence count must be ${MIN_RECURRENCE_COUNT}–${MAX_RECURRENCE_COUNT}: ${count}`,
    );
  }
  return Array.from({ length: count }, (_, i) =>
    frequency === "weekly" ? addDaysToDate(first, 7 * i) : addMonthsToDate(first, i),
  );
}

/** DECISIONS: Upcoming while the event's end (date + end_time, venue time) is after now. */
export function isUpcoming(date: string, endTime: string, now: Date): boolean {
  return venueInstant(date, endTime).getTime() > now.getTime();
}

/** SPEC §4 Event: full when the confirmed-and-paid count reaches max_participants. */
export function isEventFull(currentParticipants: number, maxParticipants: number): boolean {
  return currentParticipants >= maxParticipants;
}

/** SPEC §2 Events card: "$non-member / $member (Member)". */
export function formatEventPrices(nonMemberPriceCents: number, memberPriceCents: number): string {
  return `${formatPriceShort(nonMemberPriceCents)} / ${formatPriceShort(memberPriceCents)} (Member)`;
}

export const LONG_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const LONG_DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${["th", "st", "nd", "rd"][n % 10] ?? "th"}`;
}

/** SPEC §2 Admin events list: "Monday, January 1st, 2025" (date-fns "EEEE, MMMM do, yyyy"). */
export function formatEventLongDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return `${LONG_DAYS[dayOfWeek(date)]}, ${LONG_MONTHS[m - 1]} ${ordinal(d)}, ${y}`;
}

/** Event cards: "Mon, Nov 23, 2026". */
export function formatEventShortDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return `${(LONG_DAYS[dayOfWeek(date)] ?? "").slice(0, 3)}, ${(LONG_MONTHS[m - 1] ?? "").slice(0, 3)} ${d}, ${y}`;
}

/** SPEC §4 Event registration badge. */
export type RegistrationBadge = "Confirmed" | "Cancelled" | "Pending";
export function registrationBadge(status: string, paymentStatus: string): RegistrationBadge {
  if (status === "confirmed" && paymentStatus === "paid") return "Confirmed";
  if (status === "cancelled") return "Cancelled";
  return "Pending";
}

/** SPEC §3 player_names: one name per line; blank lines do not count. */
export function playerNamesOf(text: string | null | undefined): string[] {
  return (text ?? "")
    .split(/\r?\n/)
    .map((n) => n.trim())
    .filter((n) => n !== "");
}

/** SPEC §2 Registered Participants: "A, B (Registered by A)" for partnered teams, else the name. */
export function participantLabel(customerName: string, playerNames: string | null): string {
  const players = playerNamesOf(playerNames);
  return players.length > 0 ? `${players.join(", ")} (Registered by ${customerName})` : customerName;
}

/** SPEC §2 Admin events list LOCATION: "Courts 1, 2" or "TBD". */
export function formatEventCourts(courts: readonly number[]): string {
  if (courts.length === 0) return "TBD";
  const sorted = [...courts].sort((a, b) => a - b);
  return `${sorted.length === 1 ? "Court" : "Courts"} ${sorted.join(", ")}`;
}

/**
 * The admin events list's LOCATION from the courts' names (issue 31: staff name them): the spec's
 * "Courts 1, 2" while every name is "Court N", else the names as given ("Show Court, Court 2").
 */
export function formatEventCourtNames(names: readonly string[]): string {
  if (names.length === 0) return "TBD";
  const numbers = names.map((n) => /^Court (\S+)$/.exec(n)?.[1]);
  if (numbers.every((n) => n !== undefined)) {
    return `${names.length === 1 ? "Court" : "Courts"} ${numbers.join(", ")}`;
  }
  return names.join(", ");
}
