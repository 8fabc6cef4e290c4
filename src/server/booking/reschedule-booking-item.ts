import { and, eq, sql } from "drizzle-orm";
import type { BookingView } from "../../contracts/manage";
import { slotTakenMessage } from "../../domain/booking-form";
import { checkBookingDate } from "../../domain/booking-window";
import { bookingReference } from "../../domain/self-service-policy";
import { generateSlots } from "../../domain/slots";
import { formatTimeRange, venueInstant } from "../../domain/venue-time";
import { isExclusionViolation } from "../db/pg-errors";
import { manageLinks, reservations } from "../db/schema";
import { absoluteUrl } from "../email/layout";
import { bookingRescheduledEmail } from "../email/templates/booking-rescheduled";
import { AppError } from "../errors";
import type { AppDeps } from "../kernel/deps";
import { present } from "../kernel/present";
import { lockCourtScheduleShared } from "../kernel/schedule/court-schedule-lock";
import { loadSlotContext } from "../kernel/schedule/slot-context";
import { writeAudit } from "../kernel/staff/audit-log";
import { loadBookingView } from "./get-booking-view";
import { loadHoldItems } from "./hold-summary";
import { manageLinkExpiry, manageLinkPath } from "./manage-links";
import { changeManagedBooking, requireSelfServiceAllowed } from "./managed-booking";

export const RESCHEDULE_MESSAGES = {
  off: (phone: string) => `To cancel or reschedule, please call us at ${phone}.`,
  tooLate: (hours: number, phone: string) =>
    `Online changes close ${hours} hours before the start. To reschedule, please call us at ${phone}.`,
  tooSoon: (hours: number) => `Please choose a time at least ${hours} hours from now`,
  notFound: "Reservation not found",
} as const;

/**
 * The customer moves one item of their booking through its manage link (issue 14 item 3): to
 * another free time of the same facility type and duration, on the same terms (the price does not
 * change). Allowed while the venue's policy lets the item be cancelled online, to a time that is
 * itself outside the policy's window and inside the booking horizon. The court or bay stays the
 * same when it is free, otherwise the lowest-numbered free one; the exclusion constraint has the
 * last word, and court moves take the schedule lock that event creation takes (as holds do).
 */
export async function rescheduleBookingItem(
  deps: AppDeps,
  token: string,
  ip: string,
  actorUserId: string | null,
  input: { reservationId: string; date: string; startTime: string },
): Promise<BookingView> {
  return changeManagedBooking(deps, token, ip, async ({ tx, now, hold, venue, policy, items }) => {
    const before = items.find((i) => i.reservationId === input.reservationId && i.status === "confirmed");
    if (!before) throw new AppError("NOT_FOUND", RESCHEDULE_MESSAGES.notFound);
    requireSelfServiceAllowed(
      { policy, venue, now },
      venueInstant(before.date, before.startTime),
      RESCHEDULE_MESSAGES,
    );
    const [row] = await tx.select().from(reservations).where(eq(reservations.id, before.reservationId));
    const dateCheck = checkBookingDate(input.date, now, present(row).isMember);
    if (!dateCheck.ok) throw new AppError("VALIDATION", dateCheck.message, { field: "date" });
    const newStart = venueInstant(input.date, input.startTime);
    if (newStart.getTime() - now.getTime() < policy.hoursBefore * 3_600_000) {
      throw new AppError("VALIDATION", RESCHEDULE_MESSAGES.tooSoon(policy.hoursBefore), {
        field: "startTime",
      });
    }

    if (before.facilityType === "court") await lockCourtScheduleShared(tx, [input.date]);
    const ctx = await loadSlotContext(tx, before.facilityType, input.date, now);
    // The item's own time does not block its move (an hour later on the same court, say).
    const busy = ctx.busy.filter(
      (b) =>
        !(
          input.date === before.date &&
          b.facilityId === before.facilityId &&
          b.startTime === before.startTime &&
          b.endTime === before.endTime
        ),
    );
    const slot = generateSlots({
      date: input.date,
      now,
      facilityType: before.facilityType,
      durationMinutes: before.duration,
      hours: ctx.hours,
      facilityIds: ctx.facilityIds,
      busy,
    }).find((s) => s.startTime === input.startTime);
    const taken = () =>
      new AppError(
        "CONFLICT",
        slotTakenMessage(
          before.facilityType,
          input.date,
          slot?.displayTime ?? formatTimeRange(input.startTime, input.startTime),
        ),
      );
    if (!slot || slot.freeFacilityIds.length === 0) throw taken();
    const facilityId = slot.freeFacilityIds.includes(before.facilityId)
      ? before.facilityId
      : present(slot.freeFacilityIds[0]);
    try {
      await tx.transaction(async (savepoint) => {
        await savepoint
          .update(reservations)
          .set({
            date: input.date,
            startTime: slot.startTime,
            endTime: slot.endTime,
            ...(before.facilityType === "court" ? { courtId: facilityId } : { dartBayId: facilityId }),
            updatedAt: now,
          })
          .where(and(eq(reservations.id, before.reservationId), eq(reservations.status, "confirmed")));
      });
    } catch (err) {
      if (isExclusionViolation(err)) throw taken();
      throw err;
    }

    const moved = await loadHoldItems(tx, hold.id);
    const after = present(moved.find((i) => i.reservationId === before.reservationId));
    // The links keep working until a week after the booking's new end.
    const expiry = manageLinkExpiry(moved, now);
    await tx
      .update(manageLinks)
      .set({ expiresAt: sql`greatest(${manageLinks.expiresAt}, ${expiry.toISOString()}::timestamptz)` })
      .where(eq(manageLinks.holdId, hold.id));
    const reference = bookingReference(hold.id);
    await writeAudit(tx, {
      actorUserId,
      action: "customer_reschedule_booking",
      targetType: "reservation",
      targetId: before.reservationId,
      targetLabel: `${reference} · ${row?.customerName ?? ""}`,
      outcome: "success",
      at: now,
      details: {
        from: { facility: before.facilityName, date: before.date, startTime: before.startTime },
        to: { facility: after.facilityName, date: after.date, startTime: after.startTime },
      },
    });
    if (row?.customerEmail) {
      await deps.outbox.enqueue(tx, {
        to: row.customerEmail,
        ...bookingRescheduledEmail({
          venue,
          logoUrl: absoluteUrl(deps.config.publicUrl, venue.logoUrl),
          customerName: row.customerName,
          reference,
          before,
          after,
          manageUrl: `${deps.config.publicUrl}${manageLinkPath(token)}`,
        }),
        dedupeKey: `booking-rescheduled-${before.reservationId}-${now.getTime()}`,
      });
    }
    return loadBookingView(tx, { hold, venue, policy, now });
  });
}
