import type { SlotTakenDetails } from "../../contracts/booking";
import { slotTakenMessage } from "../../domain/booking-form";
import { nextFreeSlot } from "../../domain/next-free-slot";
import { generateSlots } from "../../domain/slots";
import { AppError } from "../errors";
import type { SlotContext } from "../kernel/schedule/slot-context";
import type { PricedItem } from "./price-cart";

/**
 * The 409 for an item whose slot has no free court or bay left, with the next-best free time of
 * that day computed from the same read that found the slot full (contract: slotTakenDetails).
 */
export function slotTakenError(item: PricedItem, context: SlotContext, now: Date): AppError {
  const slots = generateSlots({
    date: item.date,
    now,
    facilityType: item.facilityType,
    durationMinutes: item.duration,
    hours: context.hours,
    facilityIds: context.facilityIds,
    busy: context.busy,
  });
  const next = nextFreeSlot(slots, item.startTime);
  const details: SlotTakenDetails = {
    facilityType: item.facilityType,
    date: item.date,
    startTime: item.startTime,
    nextFreeStartTime: next?.startTime ?? null,
    nextFreeDisplayTime: next?.displayTime ?? null,
  };
  return new AppError(
    "SLOT_TAKEN",
    slotTakenMessage(item.facilityType, item.date, item.displayTime),
    details,
  );
}
