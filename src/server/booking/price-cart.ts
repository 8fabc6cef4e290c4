import type { CartItemInput } from "../../contracts/booking";
import { BOOKING_FORM_MESSAGES } from "../../domain/booking-form";
import { type FacilityType, isPublicDuration } from "../../domain/durations";
import { slotPrices } from "../../domain/pricing";
import { formatTimeRange, isTimeString, minutesOf, timeOf } from "../../domain/venue-time";
import { AppError } from "../errors";
import type { BookingParty } from "./booking-party";
import { assertBookingDate, INVALID_DURATION_MESSAGE } from "./get-availability";

export type PricedItem = {
  facilityType: FacilityType;
  date: string;
  startTime: string;
  endTime: string;
  displayTime: string;
  duration: number;
  priceCents: number;
};

/**
 * Checks each cart item's date (booking window), start and duration, and prices it on the server
 * (SPEC §9 Prices) at the party's prices. The browser's prices are never read.
 */
export function priceCartItems(items: CartItemInput[], now: Date, party: BookingParty): PricedItem[] {
  return items.map((item) => {
    const start = item.startTime?.slice(0, 5) ?? "";
    if (!isTimeString(start)) throw new AppError("VALIDATION", BOOKING_FORM_MESSAGES.timeSlot);
    assertBookingDate(item.date, now, party);
    if (!isPublicDuration(item.facilityType, item.duration)) {
      throw new AppError("VALIDATION", INVALID_DURATION_MESSAGE);
    }
    const endMinutes = minutesOf(start) + item.duration;
    if (endMinutes > 24 * 60) throw new AppError("VALIDATION", BOOKING_FORM_MESSAGES.timeSlot);
    const endTime = timeOf(endMinutes);
    const prices = slotPrices(item.facilityType, item.date, start, item.duration);
    return {
      facilityType: item.facilityType,
      date: item.date,
      startTime: start,
      endTime,
      displayTime: formatTimeRange(start, endTime),
      duration: item.duration,
      priceCents: party.memberPricing ? prices.memberPriceCents : prices.nonMemberPriceCents,
    };
  });
}

export const sumCents = (items: Array<{ priceCents: number }>) =>
  items.reduce((sum, i) => sum + i.priceCents, 0);
