import type { TimeSlotDto } from "../../../contracts/booking";
import type { HoldItem } from "../../../contracts/booking-holds";
import type { FacilityType } from "../../../domain/durations";

/** SPEC §3 Cart item (client side). The price is the one the server quoted for this slot. */
export type CartItem = {
  key: string;
  facilityType: FacilityType;
  date: string;
  startTime: string;
  endTime: string;
  duration: number;
  priceCents: number;
  displayTime: string;
  /** "Court 3": set once the hold is created, or when the player chose it; the reservation's id. */
  facilityName?: string;
  reservationId?: string;
  /** Issue 34: the court (or bay) chosen in the per-court view (its name in facilityName). */
  facilityId?: number;
};

/** Payment mode: the hold "Continue to Payment" created, with the server's totals. */
export type ActiveHold = {
  holdId: string;
  holdToken: string;
  expiresAt: string;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  /** The checkout opened with the hold, for exactly this total; null: Pay asks for one. */
  checkoutUrl: string | null;
};

let nextKey = 0;
const newKey = () => `item-${Date.now().toString(36)}-${nextKey++}`;

export function cartItemFromSlot(
  slot: TimeSlotDto,
  facilityType: FacilityType,
  date: string,
  duration: number,
): CartItem {
  return {
    key: newKey(),
    facilityType,
    date,
    startTime: slot.startTime,
    endTime: slot.endTime,
    duration,
    priceCents: slot.priceCents,
    displayTime: slot.displayTime,
  };
}

function cartItemFromHold(item: HoldItem): CartItem {
  return {
    key: item.reservationId,
    facilityType: item.facilityType,
    date: item.date,
    startTime: item.startTime,
    endTime: item.endTime,
    duration: item.duration,
    priceCents: item.priceCents,
    displayTime: item.displayTime,
    facilityName: item.facilityName,
    reservationId: item.reservationId,
  };
}

export const heldItems = (items: HoldItem[]) =>
  items.filter((i) => i.status === "pending").map(cartItemFromHold);

/** SPEC §3: two cart items for the same facility type and time are two courts (or bays), not one. */
export const sameSlotCount = (
  items: CartItem[],
  slot: { facilityType: FacilityType; date: string; startTime: string; endTime: string },
) =>
  items.filter(
    (i) =>
      i.facilityType === slot.facilityType &&
      i.date === slot.date &&
      i.startTime === slot.startTime &&
      i.endTime === slot.endTime,
  ).length;
