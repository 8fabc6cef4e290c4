import type { SlotTakenDetails } from "../../contracts/booking-holds";
import { slotTakenMessage } from "../../domain/booking-form";
import { nextFreeSlot } from "../../domain/next-free-slot";
import { generateSlots, type SlotInput } from "../../domain/slots";
import type { SlotContext } from "../kernel/schedule/slot-context";
import { AppError } from "../lib/errors";
import type { PricedItem } from "./price-cart";

/**
 * The 409 for an item whose slot has no free court or bay left, with the next-best free time of
 * that day computed from the same read that found the slot full (contract: slotTakenDetails).
 * In a rush hundreds of buyers are refused from one shared read (docs/decisions/024), so the next
 * free time is worked out once per read, duration, wanted time and minute.
 */
export function slotTakenError(item: PricedItem, context: SlotContext, now: Date): AppError {
  return new AppError(
    "SLOT_TAKEN",
    slotTakenMessage(item.facilityType, item.date, item.displayTime),
    slotTakenDetails(item, context, now),
  );
}

const detailsByRead = new WeakMap<SlotContext, Map<string, SlotTakenDetails>>();

/**
 * What an answer about one item's slot, worked out from one read, depends on besides the read:
 * the slot, its length and the minute (today's started slots are not offered). The facility type
 * and date are the read's own, kept in the key so it names the slot on its own.
 */
/** The item's day in a read, as the time picker's slots are generated from it (domain/slots.ts). */
export const slotInput = (item: PricedItem, context: SlotContext, now: Date): Omit<SlotInput, "card"> => ({
  date: item.date,
  now,
  facilityType: item.facilityType,
  durationMinutes: item.duration,
  hours: context.hours,
  facilityIds: context.facilityIds,
  busy: context.busy,
});

export function slotInReadKey(item: PricedItem, now: Date): string {
  return `${item.facilityType}|${item.date}|${item.duration}|${item.startTime}|${Math.floor(now.getTime() / 60_000)}`;
}

function slotTakenDetails(item: PricedItem, context: SlotContext, now: Date): SlotTakenDetails {
  const key = slotInReadKey(item, now);
  let known = detailsByRead.get(context);
  const hit = known?.get(key);
  if (hit) return { ...hit };
  // Only the next free time is read: no prices.
  const slots = generateSlots({ ...slotInput(item, context, now), card: null });
  const next = nextFreeSlot(slots, item.startTime);
  const details: SlotTakenDetails = {
    facilityType: item.facilityType,
    date: item.date,
    startTime: item.startTime,
    nextFreeStartTime: next?.startTime ?? null,
    nextFreeDisplayTime: next?.displayTime ?? null,
  };
  if (!known) {
    known = new Map();
    detailsByRead.set(context, known);
  }
  known.set(key, details);
  return { ...details };
}
