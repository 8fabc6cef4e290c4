import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { AdminReservation, ManualPaymentStatus, ReservationStatus } from "../../contracts/admin";
import { isExclusionViolation } from "../db/pg-errors";
import { events, reservations } from "../db/schema";
import { AppError } from "../errors";
import type { AppDeps } from "../kernel/deps";
import { present } from "../kernel/present";
import { endDueHolds } from "../kernel/schedule/expire-holds";
import { loadVenueIdentity } from "../settings/venue-settings";
import { ADMIN_MESSAGES } from "./admin-messages";
import { queueReservationChangeEmail } from "./reservation-change-email";
import { loadAdminReservation } from "./reservation-dto";

/**
 * SPEC §4: an admin can set any reservation's status to pending, confirmed or cancelled. Bringing a
 * cancelled one back takes its time again, so it must still be free (the exclusion constraint for
 * reservations, a check for events on courts). A reservation set by hand no longer runs on a
 * payment-hold clock: it blocks its time until staff change it again.
 */
export async function setReservationStatus(
  deps: AppDeps,
  id: string,
  status: ReservationStatus,
): Promise<AdminReservation> {
  const now = deps.now();
  const venue = await loadVenueIdentity(deps.db, deps.config);
  try {
    return await deps.db.transaction(async (tx) => {
      await endDueHolds(tx, now);
      const [row] = await tx.select().from(reservations).where(eq(reservations.id, id)).for("update");
      if (!row) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.reservationNotFound);
      if (row.status !== status) {
        const before = present(await loadAdminReservation(tx, id));
        if (row.status === "cancelled" && row.courtId !== null) {
          const [clash] = await tx
            .select({ id: events.id })
            .from(events)
            .where(
              and(
                eq(events.date, row.date),
                sql`${row.courtId} = any(${events.courts})`,
                lt(events.startTime, row.endTime),
                gt(events.endTime, row.startTime),
              ),
            )
            .limit(1);
          if (clash) throw new AppError("CONFLICT", ADMIN_MESSAGES.statusConflict);
        }
        await tx
          .update(reservations)
          .set({
            status,
            holdExpiresAt: null,
            cancelReason: null,
            updatedAt: now,
          })
          .where(eq(reservations.id, id));
        const after = present(await loadAdminReservation(tx, id));
        // Issue 14: the customer hears of the new status.
        await queueReservationChangeEmail(deps, tx, {
          venue,
          reservation: after,
          change: { kind: "status", before },
        });
        return after;
      }
      return present(await loadAdminReservation(tx, id));
    });
  } catch (err) {
    if (isExclusionViolation(err)) throw new AppError("CONFLICT", ADMIN_MESSAGES.statusConflict);
    throw err;
  }
}

/** SPEC §4: manual_payment_status, what the desk collected: unpaid or paid. */
export async function setManualPaymentStatus(
  deps: AppDeps,
  id: string,
  manualPaymentStatus: ManualPaymentStatus,
): Promise<AdminReservation> {
  const updated = await deps.db
    .update(reservations)
    .set({ manualPaymentStatus, updatedAt: deps.now() })
    .where(eq(reservations.id, id))
    .returning({ id: reservations.id });
  if (updated.length === 0) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.reservationNotFound);
  return present(await loadAdminReservation(deps.db, id));
}
