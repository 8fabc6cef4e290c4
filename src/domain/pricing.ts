import type { FacilityType } from "./durations";
import { isPublicDuration } from "./durations";
import { dayOfWeek, minutesOf } from "./venue-time";

// SPEC §9 Prices, in cents per hour. Weekends are peak all day; weekdays are peak from 17:00.
const PEAK_START = 17 * 60;
const RATES = {
  offPeak: { member: 2000, nonMember: 2500 },
  peak: { member: 4000, nonMember: 4500 },
} as const;
const DART_BAY_CENTS_PER_HALF_HOUR = 1500;

// SPEC §9 weekday table: the first listed start time per duration. "Before listed times covers
// every weekday start earlier than the first listed time" — those starts are wholly off-peak.
// For every duration but 120 that is the same as proration (the slot ends by 17:00). For 120 the
// table lists nothing at 15:30, so 15:30–17:30 costs 40/50, not the prorated 50/60 (decision
// recorded for the lead; adding a 15:30 entry here would switch it to proration).
const FIRST_LISTED_WEEKDAY_START: Record<number, number> = {
  60: minutesOf("16:30"),
  90: minutesOf("16:00"),
  120: minutesOf("16:00"),
  150: minutesOf("15:00"),
  180: minutesOf("14:30"),
};

export type SlotPrices = { memberPriceCents: number; nonMemberPriceCents: number };

function peakMinutes(date: string, start: number, durationMinutes: number): number {
  const dow = dayOfWeek(date);
  if (dow === 0 || dow === 6) return durationMinutes;
  if (start < (FIRST_LISTED_WEEKDAY_START[durationMinutes] ?? 0)) return 0;
  // SPEC §9: "prorated when a slot straddles 17:00" — the minutes from 17:00 on are peak.
  return Math.max(0, start + durationMinutes - Math.max(start, PEAK_START));
}

/**
 * SPEC §9 Prices, courts: weekends 40/45 per hour whatever the start; weekdays 20/25 per hour
 * before 17:00 and 40/45 from 17:00, per the table (checked cell by cell in pricing.test.ts).
 * A duration outside the public list is priced 0, as the spec says.
 */
export function courtPriceCents(
  date: string,
  startTime: string,
  durationMinutes: number,
  member: boolean,
): number {
  if (!isPublicDuration("court", durationMinutes)) return 0;
  const who = member ? "member" : "nonMember";
  const peak = peakMinutes(date, minutesOf(startTime), durationMinutes);
  const offPeak = durationMinutes - peak;
  return Math.round((offPeak * RATES.offPeak[who] + peak * RATES.peak[who]) / 60);
}

/** SPEC §9 Prices, dart bay: (duration ÷ 30) × 15, members and non-members alike. */
export function dartBayPriceCents(durationMinutes: number): number {
  if (!isPublicDuration("dart_bay", durationMinutes)) return 0;
  return (durationMinutes / 30) * DART_BAY_CENTS_PER_HALF_HOUR;
}

export function slotPrices(
  facilityType: FacilityType,
  date: string,
  startTime: string,
  durationMinutes: number,
): SlotPrices {
  if (facilityType === "dart_bay") {
    const price = dartBayPriceCents(durationMinutes);
    return { memberPriceCents: price, nonMemberPriceCents: price };
  }
  return {
    memberPriceCents: courtPriceCents(date, startTime, durationMinutes, true),
    nonMemberPriceCents: courtPriceCents(date, startTime, durationMinutes, false),
  };
}
