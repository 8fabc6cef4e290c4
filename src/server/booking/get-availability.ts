import type { AvailabilityResponse } from "../../contracts/booking";
import type { BookingRules } from "../../domain/booking-rules";
import { checkBookingDate } from "../../domain/booking-window";
import type { FacilityType } from "../../domain/durations";
import { isOfferedDuration, type RateCard } from "../../domain/rate-card";
import { scheduleNotices } from "../../domain/schedule-notices";
import { generateSlots, type TimeSlot } from "../../domain/slots";
import { isDateString, venueNowTime, venueToday } from "../../domain/venue-time";
import type { SessionUser } from "../auth/session-user";
import type { AppDeps } from "../deps";
import { loadSlotContext, type SlotContext } from "../kernel/schedule/slot-context";
import { AppError } from "../lib/errors";
import { type BookingParty, type PartyOptions, resolveBookingParty } from "./booking-party";
import { loadVenueTerms } from "./venue-terms";

export const INVALID_DURATION_MESSAGE = "Please choose a valid duration";

/** Throws the spec's message when the date is outside the party's booking window (SPEC §5 Public booking). */
export function assertBookingDate(date: string, now: Date, party: BookingParty, rules: BookingRules): void {
  if (!isDateString(date)) throw new AppError("VALIDATION", "Invalid date");
  const check = checkBookingDate(date, now, party.memberWindow, rules);
  if (!check.ok) {
    throw new AppError("VALIDATION", check.message, { reason: check.code, resetTo: check.resetTo });
  }
}

// The slots computed from one (cached) read and one rate card, by duration and, for today, the
// venue's minute (the slots that already started drop out as the clock moves): every visitor in
// that second shares them. A card staff save is a new object, so its prices are never mixed in.
const computedSlots = new WeakMap<SlotContext, WeakMap<RateCard, Map<string, TimeSlot[]>>>();

function slotsFor(
  context: SlotContext,
  card: RateCard,
  input: { facilityType: FacilityType; date: string; duration: number },
  now: Date,
): TimeSlot[] {
  const key = `${input.duration}|${input.date === venueToday(now) ? venueNowTime(now) : ""}`;
  let byCard = computedSlots.get(context);
  if (!byCard) {
    byCard = new WeakMap();
    computedSlots.set(context, byCard);
  }
  let byKey = byCard.get(card);
  const known = byKey?.get(key);
  if (known) return known;
  const slots = generateSlots({
    date: input.date,
    now,
    facilityType: input.facilityType,
    durationMinutes: input.duration,
    card,
    hours: context.hours,
    facilityIds: context.facilityIds,
    busy: context.busy,
  });
  if (!byKey) {
    byKey = new Map();
    byCard.set(card, byKey);
  }
  byKey.set(key, slots);
  return slots;
}

/**
 * SPEC §5 Available time slots: every slot of the day for one facility type and duration, with how
 * many courts or bays are free and both prices — one round trip for the whole time picker. With
 * `courts` (issue 34, the per-court view) each slot also lists its free courts (or bays) and the
 * answer names the day's facilities: both come from the same cached read, no query of their own.
 */
export async function getAvailability(
  deps: AppDeps,
  viewer: SessionUser | null,
  input: { facilityType: FacilityType; date: string; duration: number; courts?: boolean } & PartyOptions,
): Promise<AvailabilityResponse> {
  const party = await resolveBookingParty(deps.db, viewer, input);
  const now = deps.now();
  const { card, rules } = await loadVenueTerms(deps.db);
  assertBookingDate(input.date, now, party, rules);
  if (!isOfferedDuration(card, input.facilityType, input.duration)) {
    throw new AppError("VALIDATION", INVALID_DURATION_MESSAGE);
  }
  const context = await deps.schedule.availability.get(input.facilityType, input.date, () =>
    loadSlotContext(deps.db, input.facilityType, input.date, now),
  );
  const slots = slotsFor(context, card, input, now);
  const courts = input.courts === true;
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
      ...(courts ? { freeFacilityIds: s.freeFacilityIds } : {}),
    })),
    notices: scheduleNotices({
      specialReason: context.specialReason,
      hours: context.hours,
      closed: context.closed.map((c) => ({ ...c, name: context.facilityNames.get(c.facilityId) ?? null })),
    }),
    ...(courts
      ? { facilities: context.facilityIds.map((id) => ({ id, name: context.facilityNames.get(id) ?? "" })) }
      : {}),
  };
}
