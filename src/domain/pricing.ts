import type { FacilityType } from "./durations";
import type { FacilityRates, PriceBand, RateCard } from "./rate-card";
import { compareDates, dayOfWeek, minutesOf } from "./venue-time";

export type SlotPrices = { memberPriceCents: number; nonMemberPriceCents: number };

type DayBands = { bands: PriceBand[]; wholeBandBefore: Record<string, string> | null; key: string };

const NO_WHOLE_BAND: Record<string, string> = {};

/**
 * The bands that price `date`: a special price whose date range holds it (the first listed wins),
 * else the weekend bands on Saturday and Sunday, else the weekday bands. `key` names the choice, so
 * a day's price grid can be reused for every date that prices the same way.
 */
export function bandsForDate(rates: FacilityRates, date: string): DayBands {
  for (let i = 0; i < rates.specials.length; i++) {
    const special = rates.specials[i];
    if (special && compareDates(special.fromDate, date) <= 0 && compareDates(date, special.toDate) <= 0) {
      return { bands: special.bands, wholeBandBefore: null, key: `special${i}` };
    }
  }
  const dow = dayOfWeek(date);
  if (dow === 0 || dow === 6) return { bands: rates.weekend, wholeBandBefore: null, key: "weekend" };
  return {
    bands: rates.weekday,
    wholeBandBefore: rates.weekdayWholeBandBefore ?? NO_WHOLE_BAND,
    key: "weekday",
  };
}

// Each band list's starts as minutes, parsed once per card (cards are immutable once loaded).
const startsOf = new WeakMap<PriceBand[], number[]>();
function bandStarts(bands: PriceBand[]): number[] {
  let starts = startsOf.get(bands);
  if (!starts) {
    starts = bands.map((b) => minutesOf(b.from));
    startsOf.set(bands, starts);
  }
  return starts;
}

/**
 * The band that prices minute `at`: the last band starting at or before it. A minute before every
 * band takes the first band's price, and a minute in a gap the band before it, so a slot always has
 * a price (a saved card leaves no gap inside opening hours: rate-card-validation.ts).
 */
function bandIndexAt(starts: number[], at: number): number {
  let index = 0;
  for (let i = 1; i < starts.length; i++) if ((starts[i] ?? 0) <= at) index = i;
  return index;
}

/** Σ minutes × cents per hour over the bands the interval [start, end) crosses. */
function centsMinutes(bands: PriceBand[], start: number, end: number, member: boolean): number {
  const starts = bandStarts(bands);
  let total = 0;
  let at = start;
  while (at < end) {
    const i = bandIndexAt(starts, at);
    const next = Math.min(end, starts[i + 1] ?? end);
    const band = bands[i];
    if (!band) return 0;
    total += (next - at) * (member ? band.memberCentsPerHour : band.nonMemberCentsPerHour);
    at = next;
  }
  return total;
}

/**
 * SPEC §9 Prices, from the card: the hours of a slot cost what their band says, prorated when the
 * slot straddles a band edge ("prorated when a slot straddles 17:00"). On a weekday a start before
 * the card's listed time for that duration is priced wholly at the band it starts in ("Before
 * listed times"). A duration the card does not offer is priced 0, as the spec says. Rounded to the
 * cent once, at the end.
 */
export function slotPrices(
  card: RateCard,
  facilityType: FacilityType,
  date: string,
  startTime: string,
  durationMinutes: number,
): SlotPrices {
  const rates = card[facilityType];
  if (!rates.durations.includes(durationMinutes)) return { memberPriceCents: 0, nonMemberPriceCents: 0 };
  const { bands, wholeBandBefore } = bandsForDate(rates, date);
  const start = minutesOf(startTime);
  const listed = wholeBandBefore?.[String(durationMinutes)];
  const price = (member: boolean) => {
    if (listed !== undefined && start < minutesOf(listed)) {
      const band = bands[bandIndexAt(bandStarts(bands), start)];
      const perHour = band ? (member ? band.memberCentsPerHour : band.nonMemberCentsPerHour) : 0;
      return Math.round((durationMinutes * perHour) / 60);
    }
    return Math.round(centsMinutes(bands, start, start + durationMinutes, member) / 60);
  };
  return { memberPriceCents: price(true), nonMemberPriceCents: price(false) };
}

/** One price of a slot: a member's or a non-member's. */
export function slotPriceCents(
  card: RateCard,
  facilityType: FacilityType,
  date: string,
  startTime: string,
  durationMinutes: number,
  member: boolean,
): number {
  const prices = slotPrices(card, facilityType, date, startTime, durationMinutes);
  return member ? prices.memberPriceCents : prices.nonMemberPriceCents;
}
