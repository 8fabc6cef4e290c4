import type { HoldItem } from "../../contracts/booking-holds";
import type { RescheduleRequest } from "../../contracts/manage";
import { slotTakenMessage } from "../../domain/booking-form";
import { generateSlots } from "../../domain/slots";
import { formatTimeRange } from "../../domain/venue-time";
import type { Tx } from "../db/client";
import { lockCourtScheduleShared } from "../kernel/schedule/court-schedule-lock";
import { loadSlotContext } from "../kernel/schedule/slot-context";
import { AppError } from "../lib/errors";
import { present } from "../lib/present";

/** The move's refusal when the new time is taken, in the booking form's words. */
export const rescheduleTakenError = (before: HoldItem, input: RescheduleRequest, displayTime: string) =>
  new AppError("CONFLICT", slotTakenMessage(before.facilityType, input.date, displayTime));

/**
 * The new time's slot and the court or bay it goes to: the item's own when free, else the lowest
 * free one. A move made at once may overlap the item's own time (an hour later on the same court);
 * a dearer one holds the new time beside the booked one until paid, so it may not.
 */
export async function findRescheduleTarget(
  tx: Tx,
  before: HoldItem,
  input: RescheduleRequest,
  now: Date,
  keepsOldTime: boolean,
) {
  if (before.facilityType === "court") await lockCourtScheduleShared(tx, [input.date]);
  const ctx = await loadSlotContext(tx, before.facilityType, input.date, now);
  const own = (b: { facilityId: number; startTime: string; endTime: string }) =>
    input.date === before.date &&
    b.facilityId === before.facilityId &&
    b.startTime === before.startTime &&
    b.endTime === before.endTime;
  const slot = generateSlots({
    date: input.date,
    now,
    facilityType: before.facilityType,
    durationMinutes: before.duration,
    card: null, // the price is the item's own (price-reschedule.ts), not the viewer's
    hours: ctx.hours,
    facilityIds: ctx.facilityIds,
    busy: keepsOldTime ? ctx.busy : ctx.busy.filter((b) => !own(b)),
  }).find((s) => s.startTime === input.startTime);
  if (!slot || slot.freeFacilityIds.length === 0) {
    throw rescheduleTakenError(
      before,
      input,
      slot?.displayTime ?? formatTimeRange(input.startTime, input.startTime),
    );
  }
  const facilityId = slot.freeFacilityIds.includes(before.facilityId)
    ? before.facilityId
    : present(slot.freeFacilityIds[0]);
  return {
    date: input.date,
    startTime: slot.startTime,
    endTime: slot.endTime,
    displayTime: slot.displayTime,
    facilityId,
    facilityName: ctx.facilityNames.get(facilityId) ?? "",
  };
}
