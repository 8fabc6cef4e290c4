import type { FacilityType } from "./durations";
import { bandsForDate, slotPrices } from "./pricing";
import type { RateCard } from "./rate-card";
import {
  compareDates,
  dayOfWeek,
  formatTimeRange,
  minutesOf,
  timeOf,
  venueNowTime,
  venueToday,
} from "./venue-time";

// SPEC §9 Time and calendar: slot step, and the weekend cutoffs (Sunday 21:00, Saturday 22:30).
export const SLOT_STEP_MINUTES = 30;
const WEEKEND_LAST_END: Record<number, number> = { 0: minutesOf("21:00"), 6: minutesOf("22:30") };

export type BusyInterval = { facilityId: number; startTime: string; endTime: string };

export type SlotInput = {
  date: string;
  now: Date;
  facilityType: FacilityType;
  durationMinutes: number;
  /**
   * The venue's rate card, which prices each slot (issue 32); null where only availability is read
   * (free member bookings, the next free time of a refused hold): every price is then 0.
   */
  card: RateCard | null;
  /** That weekday's operating hours, or null when the venue is closed. */
  hours: { opensAt: string; closesAt: string } | null;
  /** The active facilities of this type. */
  facilityIds: number[];
  /** Non-cancelled reservations, unexpired holds and, for courts, the events' courts. */
  busy: BusyInterval[];
};

export type TimeSlot = {
  startTime: string;
  endTime: string;
  displayTime: string;
  availableFacilities: number;
  freeFacilityIds: number[];
  isAvailable: boolean;
  memberPriceCents: number;
  nonMemberPriceCents: number;
};

/**
 * One slot of a day's grid without its availability: its times, label and both prices, and whether
 * it is listed as open (a weekend cutoff lists it "NOT AVAILABLE (0 … open)"). All of it follows from
 * the facility type, the weekday, the duration and the day's hours alone.
 */
type FrameSlot = {
  start: number;
  end: number;
  startTime: string;
  endTime: string;
  displayTime: string;
  withinCutoff: boolean;
  memberPriceCents: number;
  nonMemberPriceCents: number;
};

/**
 * Day grids already built, per rate card and by (type, weekday, the card's bands for the date,
 * duration, hours): a lookup fills in only what is free, instead of formatting and pricing every
 * slot again (issue 16: the uncached lookup's path). Prices and labels are pure functions of the
 * card and the key; a card staff save is a new object (so new grids), hours edited by staff make a
 * new key, and a card's map starts over past `MAX_FRAMES` so it cannot grow without bound.
 */
const framesByCard = new WeakMap<RateCard, Map<string, FrameSlot[]>>();
const unpricedFrames = new Map<string, FrameSlot[]>();
const UNPRICED = { memberPriceCents: 0, nonMemberPriceCents: 0 };
const MAX_FRAMES = 256;

function dayFrame(
  card: RateCard | null,
  facilityType: FacilityType,
  date: string,
  durationMinutes: number,
  hours: { opensAt: string; closesAt: string },
): FrameSlot[] {
  const dow = dayOfWeek(date);
  const priced = card ? bandsForDate(card[facilityType], date).key : "unpriced";
  const key = `${facilityType}|${dow}|${priced}|${durationMinutes}|${hours.opensAt}|${hours.closesAt}`;
  let frames = card ? framesByCard.get(card) : unpricedFrames;
  if (!frames) {
    frames = new Map();
    if (card) framesByCard.set(card, frames);
  }
  let frame = frames.get(key);
  if (frame) return frame;
  const cutoff = WEEKEND_LAST_END[dow] ?? Number.POSITIVE_INFINITY;
  const closesAt = minutesOf(hours.closesAt);
  frame = [];
  for (
    let start = minutesOf(hours.opensAt);
    start + durationMinutes <= closesAt;
    start += SLOT_STEP_MINUTES
  ) {
    const end = start + durationMinutes;
    const startTime = timeOf(start);
    const endTime = timeOf(end);
    // Prices depend on the date only through its weekday and the card's bands, both in the key.
    const prices = card ? slotPrices(card, facilityType, date, startTime, durationMinutes) : UNPRICED;
    frame.push({
      start,
      end,
      startTime,
      endTime,
      displayTime: formatTimeRange(startTime, endTime),
      withinCutoff: end <= cutoff,
      memberPriceCents: prices.memberPriceCents,
      nonMemberPriceCents: prices.nonMemberPriceCents,
    });
  }
  if (frames.size >= MAX_FRAMES) frames.clear();
  frames.set(key, frame);
  return frame;
}

/** SPEC §5 Available time slots (per date, facility type and duration). */
export function generateSlots(input: SlotInput): TimeSlot[] {
  const { date, now, facilityType, durationMinutes, hours, facilityIds, busy } = input;
  if (!hours || facilityIds.length === 0 || durationMinutes <= 0) return [];
  const today = venueToday(now);
  if (compareDates(date, today) < 0) return [];
  // "For today's date, slots that start at or before the current time are skipped."
  const notBefore = date === today ? minutesOf(venueNowTime(now)) + 1 : 0;
  const sortedIds = [...facilityIds].sort((a, b) => a - b);
  // Busy intervals as minutes, per facility: parsed once, not once per slot and facility. The
  // loop below runs for every lookup (the uncached availability path, issue 16): no spreads or
  // closures per slot, one object of one shape per slot.
  const busyByFacility = sortedIds.map((id) => {
    const list: number[] = [];
    for (const b of busy) if (b.facilityId === id) list.push(minutesOf(b.startTime), minutesOf(b.endTime));
    return list;
  });
  const slots: TimeSlot[] = [];
  for (const slot of dayFrame(input.card, facilityType, date, durationMinutes, hours)) {
    const { start, end } = slot;
    if (start < notBefore) continue;
    // Weekend cutoff slots are still listed, as "NOT AVAILABLE (0 … open)".
    const free: number[] = [];
    if (slot.withinCutoff) {
      for (let f = 0; f < sortedIds.length; f++) {
        // SPEC §5 overlap: starts before the other ends and ends after it starts (touching is fine).
        const list = busyByFacility[f] ?? [];
        let taken = false;
        for (let i = 0; i < list.length && !taken; i += 2) {
          taken = start < (list[i + 1] ?? 0) && end > (list[i] ?? 0);
        }
        if (!taken) free.push(sortedIds[f] ?? 0);
      }
    }
    slots.push({
      startTime: slot.startTime,
      endTime: slot.endTime,
      displayTime: slot.displayTime,
      availableFacilities: free.length,
      freeFacilityIds: free,
      isAvailable: free.length > 0,
      memberPriceCents: slot.memberPriceCents,
      nonMemberPriceCents: slot.nonMemberPriceCents,
    });
  }
  return slots;
}

/**
 * The free facilities of the one slot starting at `startTime`, lowest number first, or null when
 * the time picker would not offer that slot at all (off the 30-minute grid, outside the day's
 * hours, already started, past a weekend cutoff, no active facility). The same answer as
 * `generateSlots(input)` for that start (a slot with no free facility gives []), without building
 * and pricing the whole day: a hold asks this for every item, and in a rush for every request
 * (issue 16, docs/decisions/024).
 */
export function freeFacilitiesAt(input: Omit<SlotInput, "card">, startTime: string): number[] | null {
  const { date, now, durationMinutes, hours, facilityIds, busy } = input;
  if (!hours || facilityIds.length === 0 || durationMinutes <= 0) return null;
  // Only the spelling generateSlots gives a start ("HH:mm") names a slot.
  const parts = START_RE.exec(startTime);
  if (!parts) return null;
  const start = Number(parts[1]) * 60 + Number(parts[2]);
  const opensAt = minutesOf(hours.opensAt);
  if (start < opensAt || (start - opensAt) % SLOT_STEP_MINUTES !== 0) return null;
  const end = start + durationMinutes;
  if (end > minutesOf(hours.closesAt)) return null;
  const cutoff = WEEKEND_LAST_END[dayOfWeek(date)] ?? Number.POSITIVE_INFINITY;
  if (end > cutoff) return null;
  const today = venueToday(now);
  if (compareDates(date, today) < 0) return null;
  if (date === today && start < minutesOf(venueNowTime(now)) + 1) return null;
  const taken = new Set<number>();
  for (const b of busy) {
    if (start < minutesOf(b.endTime) && end > minutesOf(b.startTime)) taken.add(b.facilityId);
  }
  return [...facilityIds].sort((a, b) => a - b).filter((id) => !taken.has(id));
}

const START_RE = /^(\d{2}):([0-5]\d)$/;
