import type { CartItemInput } from "../../contracts/booking";
import { BOOKING_FORM_MESSAGES } from "../../domain/booking-form";
import type { FacilityType } from "../../domain/durations";
import { slotPrices } from "../../domain/pricing";
import { isOfferedDuration } from "../../domain/rate-card";
import { formatTimeRange, isTimeString, minutesOf, timeOf } from "../../domain/venue-time";
import { AppError } from "../lib/errors";
import type { BookingParty } from "./booking-party";
import { assertBookingDate, INVALID_DURATION_MESSAGE } from "./get-availability";
import type { VenueTerms } from "./venue-terms";

export type PricedItem = {
  facilityType: FacilityType;
  date: string;
  startTime: string;
  endTime: string;
  displayTime: string;
  duration: number;
  priceCents: number;
  /** Issue 34: the court (or bay) the player chose; absent or null for any free one. */
  facilityId?: number | null;
};

/**
 * Checks each cart item's date (booking window), start and duration, and prices it on the server
 * from the venue's rate card (SPEC §9 Prices, issue 32) at the party's prices. The browser's prices
 * are never read. A hold keeps the prices it was created with (reservations.price_cents), so a card
 * changed afterwards never changes what that hold's payment asks for.
 */
export function priceCartItems(
  items: CartItemInput[],
  now: Date,
  party: BookingParty,
  { card, rules }: VenueTerms,
): PricedItem[] {
  return items.map((item) => {
    const start = item.startTime?.slice(0, 5) ?? "";
    if (!isTimeString(start)) throw new AppError("VALIDATION", BOOKING_FORM_MESSAGES.timeSlot);
    assertBookingDate(item.date, now, party, rules);
    if (!isOfferedDuration(card, item.facilityType, item.duration)) {
      throw new AppError("VALIDATION", INVALID_DURATION_MESSAGE);
    }
    const endMinutes = minutesOf(start) + item.duration;
    if (endMinutes > 24 * 60) throw new AppError("VALIDATION", BOOKING_FORM_MESSAGES.timeSlot);
    const endTime = timeOf(endMinutes);
    const prices = slotPrices(card, item.facilityType, item.date, start, item.duration);
    return {
      facilityType: item.facilityType,
      date: item.date,
      startTime: start,
      endTime,
      displayTime: formatTimeRange(start, endTime),
      duration: item.duration,
      priceCents: party.memberPricing ? prices.memberPriceCents : prices.nonMemberPriceCents,
      facilityId: item.facilityId ?? null,
    };
  });
}

export const sumCents = (items: Array<{ priceCents: number }>) =>
  items.reduce((sum, i) => sum + i.priceCents, 0);
