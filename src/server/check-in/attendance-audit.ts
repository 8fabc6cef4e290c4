import type { Tx } from "../db/client";
import { writeAudit } from "../kernel/staff/audit-log";
import {
  type AttendanceRow,
  type RegistrationAttendanceRow,
  registrationTargetLabel,
  reservationTargetLabel,
} from "./attendance-rows";

// Issue 33: every check-in and no-show is in the audit log with who (the actor), what, before and
// after, in the change's transaction. "attendance" reads expected → checked in / no-show.

export type Attendance = "expected" | "checked in" | "no-show";
/** Where the desk did it: the day's list or grid, the event's registrations, or a typed or scanned reference. */
export type CheckInVia = "list" | "reference" | "registrations";

export const attendanceOf = (r: { checkedInAt: Date | null; noShowAt?: Date | null }): Attendance =>
  r.checkedInAt ? "checked in" : r.noShowAt ? "no-show" : "expected";

export async function auditReservationAttendance(
  tx: Tx,
  entry: {
    action: "check_in" | "mark_no_show" | "undo_no_show" | "undo_check_in";
    actorId: string;
    at: Date;
    row: AttendanceRow;
    after: Attendance;
    via: CheckInVia;
    reference: string | null;
  },
): Promise<void> {
  await writeAudit(tx, {
    action: entry.action,
    targetType: "reservation",
    targetId: entry.row.id,
    targetLabel: reservationTargetLabel(entry.row),
    actorUserId: entry.actorId,
    outcome: "success",
    at: entry.at,
    details: {
      before: { attendance: attendanceOf(entry.row) },
      after: { attendance: entry.after },
      via: entry.via,
      reference: entry.reference,
    },
  });
}

export async function auditRegistrationCheckIn(
  tx: Tx,
  entry: { actorId: string; at: Date; row: RegistrationAttendanceRow; via: CheckInVia; reference: string },
): Promise<void> {
  await writeAudit(tx, {
    action: "check_in",
    targetType: "event_registration",
    targetId: entry.row.id,
    targetLabel: registrationTargetLabel(entry.row),
    actorUserId: entry.actorId,
    outcome: "success",
    at: entry.at,
    details: {
      before: { attendance: attendanceOf(entry.row) },
      after: { attendance: "checked in" },
      via: entry.via,
      reference: entry.reference,
    },
  });
}
