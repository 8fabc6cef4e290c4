import { eq } from "drizzle-orm";
import type { AttendanceResponse } from "../../contracts/check-in";
import { undoCheckInRefusal, undoNoShowRefusal } from "../../domain/check-in";
import { bookingReference } from "../../domain/self-service-policy";
import type { SessionUser } from "../auth/session-user";
import { reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";
import { auditReservationAttendance } from "./attendance-audit";
import { lockReservations } from "./attendance-rows";
import { RESERVATION_NOT_FOUND } from "./check-in-reservation";

/**
 * Issue 33 item 2: the front desk takes back a no-show or a check-in marked by mistake. The
 * booking goes back to expected (it stays confirmed; it was never cancelled), audited with who,
 * before and after; one that is not a no-show (or not checked in) is refused and nothing changes.
 */
export async function undoAttendance(
  deps: AppDeps,
  actor: SessionUser,
  id: string,
  what: "no-show" | "check-in",
): Promise<AttendanceResponse> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await lockReservations(tx, eq(reservations.id, id));
    if (!row) throw new AppError("NOT_FOUND", RESERVATION_NOT_FOUND);
    const refusal = what === "no-show" ? undoNoShowRefusal(row) : undoCheckInRefusal(row);
    if (refusal) throw new AppError("CONFLICT", refusal);
    await tx
      .update(reservations)
      .set(
        what === "no-show"
          ? { noShowAt: null, noShowBy: null, updatedAt: now }
          : { checkedInAt: null, checkedInBy: null, updatedAt: now },
      )
      .where(eq(reservations.id, id));
    await auditReservationAttendance(tx, {
      action: what === "no-show" ? "undo_no_show" : "undo_check_in",
      actorId: actor.id,
      at: now,
      row,
      after: "expected",
      via: "list",
      reference: row.holdId ? bookingReference(row.holdId) : null,
    });
    return {
      id,
      checkedInAt: null,
      noShowAt: null,
      message: `${what === "no-show" ? "No-show undone" : "Check-in undone"}: ${row.customerName}`,
    };
  });
}
