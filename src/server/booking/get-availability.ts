import type { AvailabilityResponse } from "../../contracts/booking";
import { checkBookingDate } from "../../domain/booking-window";
import { type FacilityType, isPublicDuration } from "../../domain/durations";
import { generateSlots, type TimeSlot } from "../../domain/slots";
import { isDateString, venueNowTime, venueToday } from "../../domain/venue-time";
import { AppError } from "../errors";
import type { AppDeps } from "../kernel/deps";
import { loadSlotContext, type SlotContext } from "../kernel/schedule/slot-context";
import type { BookingParty } from "./booking-party";

export const INVALID_DURATION_MESSAGE = "Please choose a valid duration";

/** Throws the spec's message when the date is outside the party's booking window (SPEC §5 Public booking). */
export function assertBookingDate(date: string, now: Date, party: BookingParty): void {
  if (!isDateString(date)) throw new AppError("VALIDATION", "Invalid date");
  const check = checkBookingDate(date, now, party.memberWindow);
  if (!check.ok) {
    throw new AppError("VALIDATION", check.message, { reason: check.code, resetTo: check.resetTo });
  }
}

// The slots computed from one (cached) read, by duration and, for today, the venue's minute (the
// slots that already started drop out as the clock moves): every visitor in that second shares them.
const computedSlots = new WeakMap<SlotContext, Map<string, TimeSlot[]>>();

function slotsFor(
  context: SlotContext,
  input: { facilityType: FacilityType; date: string; duration: number },
  now: Date,
): TimeSlot[] {
  const key = `${input.duration}|${input.date === venueToday(now) ? venueNowTime(now) : ""}`;
  let byKey = computedSlots.get(context);
  const known = byKey?.get(key);
  if (known) return known;
  const slots = generateSlots({
    date: input.date,
    now,
    facilityType: input.facilityType,
    durationMinutes: input.duration,
    hours: context.hours,
    facilityIds: context.facilityIds,
    busy: context.busy,
  });
  if (!byKey) {
    byKey = new Map();
    computedSlots.set(context, byKey);
  }
  byKey.set(key, slots);
  return slots;
}

/**
 * SPEC §5 Available time slots: every slot of the day for one facility type and duration, with how
 * many courts or bays are free and both prices — one round trip for the whole time picker.
 */
export async function getAvailability(
  deps: AppDeps,
  party: BookingParty,
  input: { facilityType: FacilityType; date: string; duration: number },
): Promise<AvailabilityResponse> {
  const now = deps.now();
  assertBookingDate(input.date, now, party);
  if (!isPublicDuration(input.facilityType, input.duration)) {
    throw new AppError("VALIDATION", INVALID_DURATION_MESSAGE);
  }
  const context = await deps.availabilityCache.get(input.facilityType, input.date, () =>
    loadSlotContext(deps.db, input.facilityType, input.date, now),
  );
  const slots = slotsFor(context, input, now);
  return {
    facilityType: input.facilityType,
    date: input.date,
    duration: input.duration,
    isMemberPricing: party.memberPricing,
    slots: slots.map((s) => ({
      startTime: s.startTime,
      endTime: s.endTime,
      displayTime: s.displayTime,
      availableFacilities: s.availableFacilities,
      isAvailable: s.isAvailable,
      memberPriceCents: s.memberPriceCents,
      nonMemberPriceCents: s.nonMemberPriceCents,
      priceCents: party.memberPricing ? s.memberPriceCents : s.nonMemberPriceCents,
    })),
  };
}
