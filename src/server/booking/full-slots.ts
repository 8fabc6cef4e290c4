import { BOOKING_FORM_MESSAGES } from "../../domain/booking-form";
import { freeFacilitiesAt } from "../../domain/slots";
import type { SlotContext } from "../kernel/schedule/slot-context";
import { AppError } from "../lib/errors";
import type { PricedItem } from "./price-cart";
import { slotInput, slotInReadKey, slotTakenError } from "./slot-taken";

/**
 * The free facilities for the item, lowest number first. The slot must be one the time picker
 * offers (on the 30-minute grid, within the day's hours, not already started, not past a weekend
 * cutoff); otherwise the request is not a valid slot at all.
 */
export function freeFacilitiesFor(item: PricedItem, context: SlotContext, now: Date): number[] {
  const free = freeFacilitiesAt(slotInput(item, context, now), item.startTime);
  if (!free) throw new AppError("VALIDATION", BOOKING_FORM_MESSAGES.timeSlot);
  return free;
}

export const UNKNOWN_FACILITY_MESSAGE = "That court or bay cannot be booked: please choose another";

/**
 * The facilities the item may be held on: the one the player chose (issue 34, the per-court view)
 * when it is free, none when it is not (the caller's 409: never another court than the one chosen),
 * and any free one when none was chosen. A chosen id that is not one of the day's active facilities
 * of the item's type is bad input.
 */
export function placesFor(item: PricedItem, context: SlotContext, now: Date): number[] {
  const free = freeFacilitiesFor(item, context, now);
  const chosen = item.facilityId ?? null;
  if (chosen === null) return free;
  if (!context.facilityIds.includes(chosen)) throw new AppError("VALIDATION", UNKNOWN_FACILITY_MESSAGE);
  return free.includes(chosen) ? [chosen] : [];
}

/**
 * The rush (issue 16): when a slot is already full in a shared read of the committed schedule
 * (shared-schedule-reads.ts), the buyer is told at once, with the next free time, instead of
 * queueing for the facility-day lock only to find the same. A slot that looks free is decided in
 * the transaction as before; a refusal from a read a moment old is the answer the buyer would
 * have had arriving a moment earlier.
 */
export async function refuseFullSlots(
  items: PricedItem[],
  now: Date,
  readFor: (item: PricedItem) => Promise<SlotContext> | SlotContext | null,
): Promise<void> {
  for (const item of items) {
    const read = readFor(item);
    if (!read) continue;
    const context = await read;
    if (isFullInRead(item, context, now)) throw slotTakenError(item, context, now);
  }
}

/**
 * For a request waiting in the queue: the 409 when a new read of the day shows one of its items'
 * slots full (it would be refused from that read at its turn; it is told now instead).
 */
export function refusalFrom(
  items: PricedItem[],
  facilityType: string,
  date: string,
  read: SlotContext,
  now: Date,
): AppError | null {
  for (const item of items) {
    if (item.facilityType !== facilityType || item.date !== date) continue;
    try {
      if (isFullInRead(item, read, now)) return slotTakenError(item, read, now);
    } catch {
      // Not a slot at all: its turn's transaction says so.
    }
  }
  return null;
}

const fullInRead = new WeakMap<SlotContext, Map<string, boolean>>();

/**
 * Whether a shared read shows the item's slot full. In a rush every new read is offered to each
 * request still waiting (hundreds, most after the same few slots), so the answer is kept per read,
 * slot, length and minute (a started slot is not offered). Only for shared reads, which are never
 * changed once shared; a transaction's own working read is, and asks `freeFacilitiesFor` itself.
 */
function isFullInRead(item: PricedItem, context: SlotContext, now: Date): boolean {
  const key = `${slotInReadKey(item, now)}|${item.facilityId ?? ""}`;
  let known = fullInRead.get(context);
  const hit = known?.get(key);
  if (hit !== undefined) return hit;
  const full = placesFor(item, context, now).length === 0;
  if (!known) {
    known = new Map();
    fullInRead.set(context, known);
  }
  known.set(key, full);
  return full;
}
