import { eq } from "drizzle-orm";
import type { AdminReservation } from "../../contracts/admin";
import { endTimeOf, isAdminSlot } from "../../domain/admin-schedule";
import { formatTimeRange } from "../../domain/venue-time";
import { isExclusionViolation, isRetryableTransactionError } from "../db/pg-errors";
import { reservations } from "../db/schema";
import { AppError } from "../errors";
import type { AppDeps } from "../kernel/deps";
import { present } from "../kernel/present";
import { endDueHolds } from "../kernel/schedule/expire-holds";
import { eventCourtsDuring, facilitiesByIds } from "../kernel/schedule/facility-occupancy";
import { ADMIN_MESSAGES } from "./admin-messages";
import { loadAdminReservation } from "./reservation-dto";

const hhmm = (t: string) => t.slice(0, 5);

type Move = {
  facilityId: number;
  /** A new start (edit); the duration is kept. Omitted for a plain reassignment. */
  startTime?: string;
};

/**
 * SPEC §7 reassign_court / reassign_dart_bay and §5 Admin edit reservation: moves a reservation to
 * another facility and optionally another start time. The target must be active, free of events
 * (courts) and — decided by the exclusion constraint, so two staff moving bookings at once can never
 * overlap — free of other reservations. `takenMessage` is what the refusal says.
 */
export async function moveReservation(
  deps: AppDeps,
  id: string,
  move: Move,
  takenMessage: (facilityName: string, displayTime: string) => string,
): Promise<AdminReservation> {
  const now = deps.now();
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.db.transaction(async (tx) => {
        await endDueHolds(tx, now);
        const [row] = await tx.select().from(reservations).where(eq(reservations.id, id)).for("update");
        if (!row) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.reservationNotFound);
        if (row.status === "cancelled") throw new AppError("VALIDATION", ADMIN_MESSAGES.cancelledReassign);
        const type = row.facilityType === "dart_bay" ? "dart_bay" : "court";
        const [facility] = await facilitiesByIds(tx, type, [move.facilityId]);
        if (!facility) throw new AppError("VALIDATION", ADMIN_MESSAGES.facilityInactive(type));
        if (move.startTime !== undefined && !isAdminSlot(move.startTime, row.duration)) {
          throw new AppError("VALIDATION", ADMIN_MESSAGES.timeSlot);
        }
        const startTime = move.startTime ?? hhmm(row.startTime);
        const endTime = move.startTime ? endTimeOf(move.startTime, row.duration) : hhmm(row.endTime);
        const window = { date: row.date, startTime, endTime };
        const taken = () =>
          new AppError("SLOT_TAKEN", takenMessage(facility.name, formatTimeRange(startTime, endTime)));
        if (type === "court" && (await eventCourtsDuring(tx, window)).has(facility.id)) throw taken();
        try {
          await tx.transaction((savepoint) =>
            savepoint
              .update(reservations)
              .set({
                startTime,
                endTime,
                courtId: type === "court" ? facility.id : null,
                dartBayId: type === "dart_bay" ? facility.id : null,
                updatedAt: now,
              })
              .where(eq(reservations.id, id)),
          );
        } catch (err) {
          if (isExclusionViolation(err)) throw taken();
          throw err;
        }
        return present(await loadAdminReservation(tx, id));
      });
    } catch (err) {
      if (attempt < 3 && isRetryableTransactionError(err)) continue;
      throw err;
    }
  }
}

/** SPEC §8: "Failed to reassign. Please try again." for any refused reassignment. */
export const reassignReservation = (deps: AppDeps, id: string, facilityId: number) =>
  moveReservation(deps, id, { facilityId }, () => ADMIN_MESSAGES.reassignFailed);

/** SPEC §5 Admin edit reservation: a new time slot and facility, the same duration. */
export const editReservation = (
  deps: AppDeps,
  id: string,
  input: { startTime: string; facilityId: number },
) => moveReservation(deps, id, input, ADMIN_MESSAGES.facilityTaken);
