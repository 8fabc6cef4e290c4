import { eq } from "drizzle-orm";
import type { AttendanceResponse } from "../../contracts/check-in";
import { registrationCheckInRefusal } from "../../domain/check-in";
import { registrationReference } from "../../domain/event-registration";
import type { SessionUser } from "../auth/session-user";
import type { Tx } from "../db/client";
import { eventRegistrations } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";
import { auditRegistrationCheckIn, type CheckInVia } from "./attendance-audit";
import { lockRegistrations, type RegistrationAttendanceRow } from "./attendance-rows";

/** Issue 33 item 2: the front desk checks an event registration in from the event's registrations. */
export async function checkInRegistration(
  deps: AppDeps,
  actor: SessionUser,
  id: string,
): Promise<AttendanceResponse> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await lockRegistrations(tx, eq(eventRegistrations.id, id));
    if (!row) throw new AppError("NOT_FOUND", "Registration not found");
    await checkInLockedRegistration(tx, actor, row, now, "registrations");
    return { id, checkedInAt: now.toISOString(), noShowAt: null, message: `Checked in: ${row.customerName}` };
  });
}

/** Confirmed, on the event's day, once (refused with the reason otherwise, nothing changed). */
export async function checkInLockedRegistration(
  tx: Tx,
  actor: SessionUser,
  row: RegistrationAttendanceRow,
  now: Date,
  via: CheckInVia,
): Promise<void> {
  const refusal = registrationCheckInRefusal(row, now);
  if (refusal) throw new AppError("CONFLICT", refusal);
  await tx
    .update(eventRegistrations)
    .set({ checkedInAt: now, checkedInBy: actor.id, updatedAt: now })
    .where(eq(eventRegistrations.id, row.id));
  await auditRegistrationCheckIn(tx, {
    actorId: actor.id,
    at: now,
    row,
    via,
    reference: registrationReference(row.id),
  });
}
