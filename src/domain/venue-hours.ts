import type { DayHours } from "./admin-schedule";
import type { FacilityType } from "./durations";
import { calendarDates, compareDates, dayOfWeek, isTimeString, minutesOf } from "./venue-time";

// Issue 31 items 2 and 3: the venue's opening hours per weekday, its special days (other hours, or
// closed) and its closures of courts or bays, as data the server hands in. Times are the venue's
// wall clock ("HH:mm", "24:00" the end of a day): a closure from 01:00 to 03:00 on the night the
// clocks change is those wall-clock times, as bookings are (SPEC §9).

/** 0 = Sunday … 6 = Saturday; null: closed all day. */
export type WeekHours = Record<number, DayHours>;

/** SPEC §2 Footer: Monday–Thursday 9–9, Friday–Saturday 9–10, Sunday 10:30–9. */
export const DEFAULT_WEEK_HOURS: WeekHours = {
  0: { opensAt: "10:30", closesAt: "21:00" },
  1: { opensAt: "09:00", closesAt: "21:00" },
  2: { opensAt: "09:00", closesAt: "21:00" },
  3: { opensAt: "09:00", closesAt: "21:00" },
  4: { opensAt: "09:00", closesAt: "21:00" },
  5: { opensAt: "09:00", closesAt: "22:00" },
  6: { opensAt: "09:00", closesAt: "22:00" },
};

export const DAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

export type SpecialDay = {
  id: string;
  startsOn: string;
  endsOn: string;
  /** Null: the whole venue is closed. */
  hours: DayHours;
  reason: string;
};

export type FacilityClosure = {
  id: string;
  facilityType: FacilityType;
  facilityIds: number[];
  startsOn: string;
  endsOn: string;
  startTime: string;
  endTime: string;
  /** Every week on startsOn's weekday, startTime to endTime, until endsOn. */
  weekly: boolean;
  reason: string;
};

export type ScheduleRules = { week: WeekHours; specialDays: SpecialDay[] };

export const HOURS_MESSAGES = {
  closesBeforeOpens: (day: string) => `${day}: the closing time must be after the opening time`,
  time: (day: string) => `${day}: enter times as HH:mm`,
} as const;

/** The hours on a date: a special day's, else the weekday's; `reason` says why they are special. */
export function dayHours(rules: ScheduleRules, date: string): { hours: DayHours; reason: string | null } {
  const special = rules.specialDays.find(
    (s) => compareDates(s.startsOn, date) <= 0 && compareDates(date, s.endsOn) <= 0,
  );
  if (special) return { hours: special.hours, reason: special.reason };
  return { hours: rules.week[dayOfWeek(date)] ?? null, reason: null };
}

/** Null when the hours will do; else what is wrong, naming the day (closing before opening, bad times). */
export function hoursProblem(hours: DayHours, label: string): string | null {
  if (!hours) return null;
  if (!isTimeString(hours.opensAt) || !(isTimeString(hours.closesAt) || hours.closesAt === "24:00")) {
    return HOURS_MESSAGES.time(label);
  }
  return minutesOf(hours.closesAt) > minutesOf(hours.opensAt)
    ? null
    : HOURS_MESSAGES.closesBeforeOpens(label);
}

export function weekHoursProblem(week: WeekHours): string | null {
  for (let day = 0; day < 7; day++) {
    const problem = hoursProblem(week[day] ?? null, DAY_NAMES[day] ?? "");
    if (problem) return problem;
  }
  return null;
}

export type ClosedInterval = { facilityId: number; startTime: string; endTime: string; reason: string };

/** The wall-clock stretches of `date` each closure takes from each of its courts (or bays). */
export function closedIntervalsOn(
  closures: readonly FacilityClosure[],
  facilityType: FacilityType,
  date: string,
): ClosedInterval[] {
  const out: ClosedInterval[] = [];
  for (const c of closures) {
    if (c.facilityType !== facilityType) continue;
    if (compareDates(date, c.startsOn) < 0 || compareDates(date, c.endsOn) > 0) continue;
    let startTime: string;
    let endTime: string;
    if (c.weekly) {
      if (dayOfWeek(date) !== dayOfWeek(c.startsOn)) continue;
      [startTime, endTime] = [c.startTime, c.endTime];
    } else {
      startTime = date === c.startsOn ? c.startTime : "00:00";
      endTime = date === c.endsOn ? c.endTime : "24:00";
    }
    if (minutesOf(endTime) <= minutesOf(startTime)) continue;
    for (const facilityId of c.facilityIds) out.push({ facilityId, startTime, endTime, reason: c.reason });
  }
  return out;
}

export const CLOSURE_MESSAGES = {
  past: "This closure is already over: choose dates from today on",
  dates: "The last day must be on or after the first",
  order: "The closure must end after it starts",
  weeklyOrder: "A weekly closure must end after it starts on the same day",
  overlapsClosure: (reason: string) => `It overlaps another closure of the same court or bay ("${reason}")`,
  overlapsSpecialDay: (reason: string) => `It overlaps another special day ("${reason}")`,
  noFreeFacility: (who: string, when: string) =>
    `No free court or bay of the same type for ${who}'s booking ${when}: choose keep or cancel`,
  unknownFacility: "Choose among the venue's courts and bays",
} as const;

/** Whether two closures take a shared court (or bay) at a shared wall-clock moment. */
export function closuresOverlap(a: FacilityClosure, b: FacilityClosure): boolean {
  if (a.facilityType !== b.facilityType || !a.facilityIds.some((id) => b.facilityIds.includes(id)))
    return false;
  const from = compareDates(a.startsOn, b.startsOn) >= 0 ? a.startsOn : b.startsOn;
  const to = compareDates(a.endsOn, b.endsOn) <= 0 ? a.endsOn : b.endsOn;
  if (compareDates(from, to) > 0) return false;
  for (const date of calendarDates(from, to)) {
    const mine = closedIntervalsOn([a], a.facilityType, date);
    const theirs = closedIntervalsOn([b], b.facilityType, date);
    if (
      mine.some((m) =>
        theirs.some(
          (t) => m.facilityId === t.facilityId && m.startTime < t.endTime && m.endTime > t.startTime,
        ),
      )
    ) {
      return true;
    }
  }
  return false;
}
