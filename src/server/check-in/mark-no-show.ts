import { eq } from "drizzle-orm";
import type { AttendanceResponse } from "../../contracts/check-in";
import { noShowRefusal } from "../../domain/check-in";
import { bookingReference } from "../../domain/self-service-policy";
import type { SessionUser } from "../auth/session-user";
import { reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";
import { auditReservationAttendance } from "./attendance-audit";
import { lockReservations } from "./attendance-rows";
import { RESERVATION_NOT_FOUND } from "./check-in-reservation";

/**
 * Issue 33 item 2: after its start, a confirmed reservation nobody checked in can be marked a
 * no-show (never before, never a checked-in one, never twice). The court stays booked: a no-show
 * is a record of the customer's, counted by their email, not a cancellation.
 */
export async function markNoShow(deps: AppDeps, actor: SessionUser, id: string): Promise<AttendanceResponse> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await lockReservations(tx, eq(reservations.id, id));
    if (!row) throw new AppError("NOT_FOUND", RESERVATION_NOT_FOUND);
    const refusal = noShowRefusal(row, now);
    if (refusal) throw new AppError("CONFLICT", refusal);
    await tx
      .update(reservations)
      .set({ noShowAt: now, noShowBy: actor.id, updatedAt: now })
      .where(eq(reservations.id, id));
    await auditReservationAttendance(tx, {
      action: "mark_no_show",
      actorId: actor.id,
      at: now,
      row,
      after: "no-show",
      via: "list",
      reference: row.holdId ? bookingReference(row.holdId) : null,
    });
    return {
      id,
      checkedInAt: null,
      noShowAt: now.toISOString(),
      message: `Marked a no-show: ${row.customerName}`,
    };
  });
}
