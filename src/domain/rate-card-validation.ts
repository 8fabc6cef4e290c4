import { FACILITY_TYPES, type FacilityType } from "./durations";
import { formatPriceShort } from "./money";
import { MAX_CENTS_PER_HOUR, type PriceBand, type RateCard } from "./rate-card";
import {
  addDaysToDate,
  compareDates,
  dayOfWeek,
  formatTime12,
  isDateString,
  minutesOf,
  timeOf,
} from "./venue-time";

// Issue 32: a card staff save must price every open minute once. Bands that overlap, leave a gap
// inside opening hours, or cost less than $0 or more than $10,000 an hour are refused with a
// message that names the place, and nothing is saved.

export type DayHours = { opensAt: string; closesAt: string } | null;
/** Opening hours by weekday, 0 = Sunday (the operating_hours table). */
export type WeekHours = Record<number, DayHours>;

export type RateCardProblem = { path: string; message: string };

const FACILITY_LABEL: Record<FacilityType, string> = { court: "Court", dart_bay: "Dart bay" };
const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const WEEKDAYS = [1, 2, 3, 4, 5];
const WEEKEND = [6, 0];
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;
export const MIN_DURATION = 30;
export const MAX_DURATION = 240;

const label = (time: string) => formatTime12(time);

function checkBands(bands: PriceBand[], where: string, path: string, days: number[], hours: WeekHours) {
  const problems: RateCardProblem[] = [];
  if (bands.length === 0) return [{ path, message: `${where}: add at least one price band` }];
  for (const [i, band] of bands.entries()) {
    const at = `${path}.${i}`;
    if (!TIME_RE.test(band.from) || !TIME_RE.test(band.to)) {
      problems.push({ path: at, message: `${where}: band times must be HH:MM between 00:00 and 24:00` });
      continue;
    }
    if (minutesOf(band.from) >= minutesOf(band.to)) {
      problems.push({
        path: at,
        message: `${where}: the band from ${label(band.from)} must end after it starts`,
      });
    }
    for (const cents of [band.memberCentsPerHour, band.nonMemberCentsPerHour]) {
      if (!Number.isInteger(cents) || cents < 0 || cents > MAX_CENTS_PER_HOUR) {
        problems.push({
          path: at,
          message: `${where}: prices must be between $0 and ${formatPriceShort(MAX_CENTS_PER_HOUR)} an hour`,
        });
        break;
      }
    }
  }
  if (problems.length > 0) return problems;
  const sorted = [...bands].sort((a, b) => minutesOf(a.from) - minutesOf(b.from));
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1] as PriceBand;
    const band = sorted[i] as PriceBand;
    if (minutesOf(band.from) < minutesOf(prev.to)) {
      problems.push({
        path,
        message: `${where}: the bands ${label(prev.from)}–${label(prev.to)} and ${label(band.from)}–${label(band.to)} overlap`,
      });
    }
  }
  if (problems.length > 0) return problems;
  // Inside each day's opening hours every minute needs a band.
  for (const day of days) {
    const open = hours[day];
    if (!open) continue;
    let covered = minutesOf(open.opensAt);
    const closes = minutesOf(open.closesAt);
    for (const band of sorted) {
      if (covered >= closes) break;
      if (minutesOf(band.to) <= covered) continue;
      if (minutesOf(band.from) > covered) break;
      covered = minutesOf(band.to);
    }
    if (covered < closes) {
      const nextFrom = sorted.map((b) => minutesOf(b.from)).find((m) => m > covered) ?? closes;
      const gap = `${label(timeOf(covered))} to ${label(timeOf(Math.min(nextFrom, closes)))}`;
      problems.push({
        path,
        message: `${where}: no price from ${gap}, when the venue is open on ${DAY_NAMES[day]}`,
      });
      break;
    }
  }
  return problems;
}

/** Every problem of `card` against the venue's weekly hours; an empty list means it may be saved. */
export function validateRateCard(card: RateCard, hours: WeekHours): RateCardProblem[] {
  const problems: RateCardProblem[] = [];
  for (const type of FACILITY_TYPES) {
    const rates = card[type];
    const name = FACILITY_LABEL[type];
    const durations = rates.durations;
    if (durations.length === 0) {
      problems.push({ path: `${type}.durations`, message: `${name}: offer at least one duration` });
    }
    for (const minutes of durations) {
      if (
        !Number.isInteger(minutes) ||
        minutes < MIN_DURATION ||
        minutes > MAX_DURATION ||
        minutes % 30 !== 0
      ) {
        problems.push({
          path: `${type}.durations`,
          message: `${name}: durations are ${MIN_DURATION} to ${MAX_DURATION} minutes in 30-minute steps`,
        });
        break;
      }
    }
    if (new Set(durations).size !== durations.length) {
      problems.push({ path: `${type}.durations`, message: `${name}: each duration once` });
    }
    if (!durations.includes(rates.defaultDuration)) {
      problems.push({
        path: `${type}.defaultDuration`,
        message: `${name}: the default duration must be one offered`,
      });
    }
    for (const [minutes, time] of Object.entries(rates.weekdayWholeBandBefore)) {
      if (!TIME_RE.test(time) || !durations.includes(Number(minutes))) {
        problems.push({
          path: `${type}.weekdayWholeBandBefore`,
          message: `${name}: a listed first start needs an offered duration and a time HH:MM`,
        });
      }
    }
    problems.push(...checkBands(rates.weekday, `${name} weekday prices`, `${type}.weekday`, WEEKDAYS, hours));
    problems.push(...checkBands(rates.weekend, `${name} weekend prices`, `${type}.weekend`, WEEKEND, hours));
    problems.push(...checkSpecials(card, type, hours));
  }
  return problems;
}

function checkSpecials(card: RateCard, type: FacilityType, hours: WeekHours): RateCardProblem[] {
  const problems: RateCardProblem[] = [];
  const specials = card[type].specials;
  for (const [i, special] of specials.entries()) {
    const path = `${type}.specials.${i}`;
    const name = special.label.trim();
    const where = `${FACILITY_LABEL[type]} special price "${name || i + 1}"`;
    if (name === "") problems.push({ path, message: `${FACILITY_LABEL[type]}: name each special price` });
    if (!isDateString(special.fromDate) || !isDateString(special.toDate)) {
      problems.push({ path, message: `${where}: dates must be YYYY-MM-DD` });
      continue;
    }
    if (compareDates(special.fromDate, special.toDate) > 0) {
      problems.push({ path, message: `${where}: the last day must not be before the first` });
      continue;
    }
    const other = specials.findIndex(
      (s, j) =>
        j < i &&
        isDateString(s.fromDate) &&
        isDateString(s.toDate) &&
        compareDates(s.fromDate, special.toDate) <= 0 &&
        compareDates(special.fromDate, s.toDate) <= 0,
    );
    if (other >= 0) {
      problems.push({ path, message: `${where}: its dates overlap "${specials[other]?.label ?? ""}"` });
    }
    problems.push(
      ...checkBands(
        special.bands,
        where,
        `${path}.bands`,
        weekdaysIn(special.fromDate, special.toDate),
        hours,
      ),
    );
  }
  return problems;
}

/** The weekdays a date range holds (at most the seven). */
function weekdaysIn(from: string, to: string): number[] {
  const days = new Set<number>();
  for (let d = from; compareDates(d, to) <= 0 && days.size < 7; d = addDaysToDate(d, 1))
    days.add(dayOfWeek(d));
  return [...days];
}
