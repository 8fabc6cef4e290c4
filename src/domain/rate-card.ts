import type { FacilityType } from "./durations";

// Issue 32 item 1: the venue's prices are data. A rate card says, per facility type, which
// durations players may book and what an hour costs members and non-members in each time band of
// a weekday, a weekend day, or a date range with a special price. The spec's §9 tables are the
// default card (DEFAULT_RATE_CARD); pricing.ts prices a slot from whichever card it is given.

/** One time band of a day: [from, to) in venue wall-clock time ("24:00" ends the day), cents per hour. */
export type PriceBand = {
  from: string;
  to: string;
  memberCentsPerHour: number;
  nonMemberCentsPerHour: number;
};

/** A date range (both ends inclusive) whose days use these bands instead of the weekday or weekend ones. */
export type SpecialPrice = {
  label: string;
  fromDate: string;
  toDate: string;
  bands: PriceBand[];
};

export type FacilityRates = {
  /** The durations players may book, in minutes (SPEC §9 Booking, Durations). */
  durations: number[];
  defaultDuration: number;
  /** Monday–Friday. */
  weekday: PriceBand[];
  /** Saturday and Sunday. */
  weekend: PriceBand[];
  /**
   * SPEC §9 "Before listed times": per duration (minutes as the key), a weekday start earlier than
   * this time is priced wholly at the band it starts in instead of prorated across a band edge.
   */
  weekdayWholeBandBefore: Record<string, string>;
  specials: SpecialPrice[];
};

export type RateCard = Record<FacilityType, FacilityRates>;

/** A price above this per hour is refused as absurd (issue 32: over $10,000). */
export const MAX_CENTS_PER_HOUR = 1_000_000;

const steps = (from: number, to: number) =>
  Array.from({ length: (to - from) / 30 + 1 }, (_, i) => from + i * 30);

/**
 * SPEC §9 Prices as a card. Courts: weekdays 20/25 an hour before 17:00 and 40/45 from 17:00,
 * weekends 40/45 all day; dart bays 15 per half hour for everyone. The weekday table's first
 * listed start per duration makes 120 minutes from 15:30 cost 40/50 rather than the prorated 50/60
 * (the only duration where the two differ; the others are listed for a faithful copy of the table).
 */
export const DEFAULT_RATE_CARD: RateCard = {
  court: {
    durations: steps(60, 180),
    defaultDuration: 60,
    weekday: [
      { from: "00:00", to: "17:00", memberCentsPerHour: 2000, nonMemberCentsPerHour: 2500 },
      { from: "17:00", to: "24:00", memberCentsPerHour: 4000, nonMemberCentsPerHour: 4500 },
    ],
    weekend: [{ from: "00:00", to: "24:00", memberCentsPerHour: 4000, nonMemberCentsPerHour: 4500 }],
    weekdayWholeBandBefore: { 60: "16:30", 90: "16:00", 120: "16:00", 150: "15:00", 180: "14:30" },
    specials: [],
  },
  dart_bay: {
    durations: steps(30, 180),
    defaultDuration: 30,
    weekday: [{ from: "00:00", to: "24:00", memberCentsPerHour: 3000, nonMemberCentsPerHour: 3000 }],
    weekend: [{ from: "00:00", to: "24:00", memberCentsPerHour: 3000, nonMemberCentsPerHour: 3000 }],
    weekdayWholeBandBefore: {},
    specials: [],
  },
};

/** The durations the card offers players, for the booking screen and the server's checks. */
export function offeredDurations(card: RateCard, facilityType: FacilityType): readonly number[] {
  return card[facilityType].durations;
}

export function isOfferedDuration(card: RateCard, facilityType: FacilityType, minutes: number): boolean {
  return card[facilityType].durations.includes(minutes);
}
