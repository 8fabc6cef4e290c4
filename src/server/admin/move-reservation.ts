import { eq } from "drizzle-orm";
import type { AdminReservation } from "../../contracts/admin";
import { endTimeOf, isAdminSlot, isVenueHoursSlot } from "../../domain/admin-schedule";
import { dayHours } from "../../domain/venue-hours";
import { formatTimeRange } from "../../domain/venue-time";
import type { SessionUser } from "../auth/session-user";
import { isExclusionViolation, isRetryableTransactionError } from "../db/pg-errors";
import { reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { endDueHolds } from "../kernel/schedule/expire-holds";
import { eventCourtsDuring, facilitiesByIds } from "../kernel/schedule/facility-occupancy";
import { AppError } from "../lib/errors";
import { present } from "../lib/present";
import { loadScheduleRules } from "../settings/schedule-rules";
import { loadVenueIdentity } from "../settings/venue-settings";
import { ADMIN_MESSAGES } from "./admin-messages";
import { auditReservation } from "./reservation-audit";
import { queueReservationChangeEmail } from "./reservation-change-email";
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
 * overlap — free of other reservations. `takenMessage` is what the refusal says. The customer is
 * emailed the old and new court and time (issue 14).
 */
export async function moveReservation(
  deps: AppDeps,
  actor: SessionUser,
  id: string,
  move: Move,
  takenMessage: (facilityName: string, displayTime: string) => string,
): Promise<AdminReservation> {
  const now = deps.now();
  const venue = await loadVenueIdentity(deps.db, deps.config);
  // Read before the transaction: a cache miss inside it would wait on the embedded database's one
  // connection, which the transaction holds (a deadlock on PGlite).
  const rules = await loadScheduleRules(deps.db);
  for (let attempt = 1; ; attempt++) {
    try {
      const moved = await deps.db.transaction(async (tx) => {
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
        // Issue 14: a new start time lies within the venue's hours that day (the booking's own
        // time is kept as it is, even when staff booked it outside them).
        if (move.startTime !== undefined && move.startTime !== hhmm(row.startTime)) {
          const hours = dayHours(rules, row.date).hours;
          if (!isVenueHoursSlot(move.startTime, row.duration, hours)) {
            const range = hours ? formatTimeRange(hours.opensAt, hours.closesAt) : null;
            throw new AppError("VALIDATION", ADMIN_MESSAGES.outsideHours(range));
          }
        }
        const startTime = move.startTime ?? hhmm(row.startTime);
        const endTime = move.startTime ? endTimeOf(move.startTime, row.duration) : hhmm(row.endTime);
        const window = { date: row.date, startTime, endTime };
        const before = present(await loadAdminReservation(tx, id));
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
        const after = present(await loadAdminReservation(tx, id));
        if (after.facilityId !== before.facilityId || after.startTime !== before.startTime) {
          await auditReservation(tx, {
            action: "move_reservation",
            actorId: actor.id,
            at: now,
            before,
            after,
            facts: ["facility", "time"],
          });
          await queueReservationChangeEmail(deps, tx, {
            venue,
            reservation: after,
            change: { kind: "moved", before },
          });
        }
        return after;
      });
      await deps.schedule.changed();
      return moved;
    } catch (err) {
      if (attempt < 3 && isRetryableTransactionError(err)) continue;
      throw err;
    }
  }
}

/** SPEC §8: "Failed to reassign. Please try again." for any refused reassignment. */
export const reassignReservation = (deps: AppDeps, actor: SessionUser, id: string, facilityId: number) =>
  moveReservation(deps, actor, id, { facilityId }, () => ADMIN_MESSAGES.reassignFailed);

/** SPEC §5 Admin edit reservation: a new time slot and facility, the same duration. */
export const editReservation = (
  deps: AppDeps,
  actor: SessionUser,
  id: string,
  input: { startTime: string; facilityId: number },
) => moveReservation(deps, actor, id, input, ADMIN_MESSAGES.facilityTaken);
