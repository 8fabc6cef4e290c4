import { formatPriceShort } from "./money";
import type { RateCard } from "./rate-card";
import { minutesOf } from "./venue-time";

// Issue 32 item 2: how far ahead guests and members may book, how long a payment hold lasts, and the
// members' free court bookings are the venue's settings. The spec's §9 values are the defaults.

/** A weekday's window a free member booking must lie inside: it starts at or after `from` and ends by `to`. */
export type FreeWindow = { from: string; to: string };

export type BookingRules = {
  guestHorizonDays: number;
  memberHorizonDays: number;
  holdMinutes: number;
  freeBookingsPerWeek: number;
  freeBookingMinutes: number;
  /** By weekday, "0" = Sunday; a weekday without a window offers no free bookings. */
  freeWindows: Record<string, FreeWindow>;
};

/**
 * SPEC §9 Booking: guests 10 days ahead, members 14; a 15-minute payment hold; 2 free 120-minute
 * court bookings a week from 08:00, Monday–Thursday starting before 15:30 and Friday before 13:30,
 * which is "Monday–Thursday 8am–5pm and Friday 8am–3pm" for the whole two hours (the benefit text).
 */
export const DEFAULT_BOOKING_RULES: BookingRules = {
  guestHorizonDays: 10,
  memberHorizonDays: 14,
  holdMinutes: 15,
  freeBookingsPerWeek: 2,
  freeBookingMinutes: 120,
  freeWindows: {
    1: { from: "08:00", to: "17:00" },
    2: { from: "08:00", to: "17:00" },
    3: { from: "08:00", to: "17:00" },
    4: { from: "08:00", to: "17:00" },
    5: { from: "08:00", to: "15:00" },
  },
};

export const MAX_HORIZON_DAYS = 365;
export const HOLD_MINUTES_RANGE = { min: 5, max: 60 } as const;
export const MAX_FREE_BOOKINGS_PER_WEEK = 14;

export type BookingRulesProblem = { field: string; message: string };

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** Every problem of `rules`; an empty list means they may be saved. */
export function validateBookingRules(rules: BookingRules): BookingRulesProblem[] {
  const problems: BookingRulesProblem[] = [];
  const whole = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;
  for (const [field, who] of [
    ["guestHorizonDays", "Guests"],
    ["memberHorizonDays", "Members"],
  ] as const) {
    if (!whole(rules[field], 1, MAX_HORIZON_DAYS)) {
      problems.push({ field, message: `${who} can book from 1 to ${MAX_HORIZON_DAYS} days ahead` });
    }
  }
  if (!whole(rules.holdMinutes, HOLD_MINUTES_RANGE.min, HOLD_MINUTES_RANGE.max)) {
    problems.push({
      field: "holdMinutes",
      message: `The payment hold lasts from ${HOLD_MINUTES_RANGE.min} to ${HOLD_MINUTES_RANGE.max} minutes`,
    });
  }
  if (!whole(rules.freeBookingsPerWeek, 0, MAX_FREE_BOOKINGS_PER_WEEK)) {
    problems.push({
      field: "freeBookingsPerWeek",
      message: `Free bookings per week are from 0 to ${MAX_FREE_BOOKINGS_PER_WEEK}`,
    });
  }
  if (!whole(rules.freeBookingMinutes, 30, 240) || rules.freeBookingMinutes % 30 !== 0) {
    problems.push({
      field: "freeBookingMinutes",
      message: "A free booking lasts 30 to 240 minutes in 30-minute steps",
    });
  }
  for (const [day, window] of Object.entries(rules.freeWindows)) {
    const name = DAY_NAMES[Number(day)];
    if (!name || !/^[0-6]$/.test(day)) {
      problems.push({ field: "freeWindows", message: "Free booking windows are set per weekday" });
      continue;
    }
    if (!TIME_RE.test(window.from) || !TIME_RE.test(window.to)) {
      problems.push({ field: "freeWindows", message: `${name}: the window's times must be HH:MM` });
    } else if (minutesOf(window.to) - minutesOf(window.from) < rules.freeBookingMinutes) {
      problems.push({
        field: "freeWindows",
        message: `${name}: the window must be at least as long as a free booking (${rules.freeBookingMinutes} minutes)`,
      });
    }
  }
  return problems;
}

/** "8am", "5pm", "8:30am", "12pm". */
export function formatClockShort(time: string): string {
  const minutes = minutesOf(time) % (24 * 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}${m === 0 ? "" : `:${String(m).padStart(2, "0")}`}${h < 12 ? "am" : "pm"}`;
}

const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0]; // weeks start on Monday (SPEC §9)

/** The free windows grouped by runs of weekdays with the same window, Monday first. */
function windowGroups(rules: BookingRules): Array<{ days: string; window: FreeWindow }> {
  const groups: Array<{ first: number; last: number; window: FreeWindow }> = [];
  for (const [i, day] of WEEK_ORDER.entries()) {
    const window = rules.freeWindows[String(day)];
    if (!window) continue;
    const last = groups.at(-1);
    const previous = WEEK_ORDER[i - 1];
    if (last && previous === last.last && last.window.from === window.from && last.window.to === window.to) {
      last.last = day;
    } else {
      groups.push({ first: day, last: day, window });
    }
  }
  return groups.map((g) => ({
    days: g.first === g.last ? `${DAY_NAMES[g.first]}` : `${DAY_NAMES[g.first]}–${DAY_NAMES[g.last]}`,
    window: g.window,
  }));
}

/** "Monday–Thursday 8am–5pm, Friday 8am–3pm". */
export function freeWindowsText(rules: BookingRules): string {
  return windowGroups(rules)
    .map((g) => `${g.days} ${formatClockShort(g.window.from)}–${formatClockShort(g.window.to)}`)
    .join(", ");
}

/** "2-hour", "90-minute". */
export function durationAdjective(minutes: number): string {
  return minutes % 60 === 0 ? `${minutes / 60}-hour` : `${minutes}-minute`;
}

/** "2 free 2-hour court reservations per week", or null when members get none. */
export function freeBookingsText(rules: BookingRules): string | null {
  const n = rules.freeBookingsPerWeek;
  if (n === 0 || windowGroups(rules).length === 0) return null;
  return `${n} free ${durationAdjective(rules.freeBookingMinutes)} court reservation${n === 1 ? "" : "s"} per week`;
}

/** What members save on courts an hour, when it is the same in every band of the card (else null). */
export function memberCourtDiscountCents(card: RateCard): number | null {
  const court = card.court;
  const bands = [...court.weekday, ...court.weekend];
  const differences = new Set(bands.map((b) => b.nonMemberCentsPerHour - b.memberCentsPerHour));
  const [only] = differences;
  return differences.size === 1 && only !== undefined ? only : null;
}

/**
 * SPEC §9 Membership, the listed benefits, from the venue's rules and prices: with the defaults,
 * the spec's seven lines word for word.
 */
export function membershipBenefits(rules: BookingRules, card: RateCard): string[] {
  const free = freeBookingsText(rules);
  const discount = memberCourtDiscountCents(card);
  return [
    ...(free ? [`${free} (${freeWindowsText(rules)})`] : []),
    `Priority booking ${rules.memberHorizonDays} days ahead`,
    ...(discount === null
      ? ["Member prices on courts"]
      : discount > 0
        ? [`${formatPriceShort(discount)} off per court per hour`]
        : []),
    "Member pricing for leagues, tournaments, rentals, gear and merchandise",
    "Free paddle rentals",
    "Free open play",
    "Member-only event invites",
  ];
}

/** The rules box of /member-reservations, from the venue's rules. */
export function freeBookingRulesText(rules: BookingRules): string[] {
  const free = freeBookingsText(rules);
  const windows = windowGroups(rules)
    .map((g) => `${g.days} between ${formatClockShort(g.window.from)} and ${formatClockShort(g.window.to)}`)
    .join(", ");
  return [
    ...(free
      ? [`${free} (weeks run Monday to Sunday)`, windows]
      : ["No free court reservations are offered right now"]),
    `Book up to ${rules.memberHorizonDays} days ahead`,
  ];
}
