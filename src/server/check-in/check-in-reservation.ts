import { eq } from "drizzle-orm";
import type { AttendanceResponse } from "../../contracts/check-in";
import { checkInRefusal } from "../../domain/check-in";
import { bookingReference } from "../../domain/self-service-policy";
import type { SessionUser } from "../auth/session-user";
import { reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";
import { auditReservationAttendance } from "./attendance-audit";
import { lockReservations } from "./attendance-rows";

export const RESERVATION_NOT_FOUND = "Reservation not found";

/**
 * Issue 33 item 2: the front desk checks one reservation in from the day's list or grid. Only a
 * confirmed one, on its day, once; a refusal changes nothing (the row is locked, so two desks
 * clicking at once give one check-in and one "Already checked in").
 */
export async function checkInReservation(
  deps: AppDeps,
  actor: SessionUser,
  id: string,
): Promise<AttendanceResponse> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await lockReservations(tx, eq(reservations.id, id));
    if (!row) throw new AppError("NOT_FOUND", RESERVATION_NOT_FOUND);
    const refusal = checkInRefusal(row, now);
    if (refusal) throw new AppError("CONFLICT", refusal);
    await tx
      .update(reservations)
      .set({ checkedInAt: now, checkedInBy: actor.id, updatedAt: now })
      .where(eq(reservations.id, id));
    await auditReservationAttendance(tx, {
      action: "check_in",
      actorId: actor.id,
      at: now,
      row,
      after: "checked in",
      via: "list",
      reference: row.holdId ? bookingReference(row.holdId) : null,
    });
    return {
      id,
      checkedInAt: now.toISOString(),
      noShowAt: null,
      message: `Checked in: ${row.customerName}`,
    };
  });
}
