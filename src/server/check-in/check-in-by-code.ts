import { eq, inArray } from "drizzle-orm";
import type { CheckInResponse } from "../../contracts/check-in";
import { CHECK_IN_MESSAGES, type CheckInCode, checkInRefusal, parseCheckInCode } from "../../domain/check-in";
import { venueToday } from "../../domain/venue-time";
import type { SessionUser } from "../auth/session-user";
import type { Tx } from "../db/client";
import { eventRegistrations, holds, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";
import { auditReservationAttendance } from "./attendance-audit";
import {
  type AttendanceRow,
  customerNoShows,
  lockRegistrations,
  lockReservations,
  referenceDigits,
  registrationItem,
  reservationItem,
} from "./attendance-rows";
import { checkInLockedRegistration } from "./check-in-registration";

/**
 * Issue 33 item 2: a booking reference typed at the desk or read from the QR code of the
 * confirmation email or the manage page (BK-…; an event registration's EV-… too). A booking checks
 * in its confirmed items of today that are not checked in yet; one for another day, or checked in
 * already, is refused with the reason and nothing changes.
 */
export async function checkInByCode(
  deps: AppDeps,
  actor: SessionUser,
  input: string,
): Promise<CheckInResponse> {
  const code = parseCheckInCode(input);
  if (!code) throw new AppError("VALIDATION", CHECK_IN_MESSAGES.unreadable, undefined, { field: "code" });
  const now = deps.now();
  return deps.db.transaction((tx) =>
    code.kind === "booking"
      ? checkInBooking(tx, actor, code, now)
      : checkInRegistrationCode(tx, actor, code, now),
  );
}

async function checkInBooking(
  tx: Tx,
  actor: SessionUser,
  code: CheckInCode,
  now: Date,
): Promise<CheckInResponse> {
  const matches = await tx
    .select({ id: holds.id })
    .from(holds)
    .where(eq(referenceDigits(holds.id), code.digits));
  const rows =
    matches.length === 0
      ? []
      : await lockReservations(
          tx,
          inArray(
            reservations.holdId,
            matches.map((m) => m.id),
          ),
        );
  if (rows.length === 0) throw new AppError("NOT_FOUND", CHECK_IN_MESSAGES.bookingNotFound(code.reference));
  const booking = pickBooking(rows, code, now);
  const due = booking.filter((r) => checkInRefusal(r, now) === null);
  if (due.length === 0) throw new AppError("CONFLICT", bookingRefusal(booking, now));
  await tx
    .update(reservations)
    .set({ checkedInAt: now, checkedInBy: actor.id, updatedAt: now })
    .where(
      inArray(
        reservations.id,
        due.map((r) => r.id),
      ),
    );
  for (const row of due) {
    await auditReservationAttendance(tx, {
      action: "check_in",
      actorId: actor.id,
      at: now,
      row,
      after: "checked in",
      via: "reference",
      reference: code.reference,
    });
  }
  const [first] = due;
  const customerName = first?.customerName ?? "";
  return {
    kind: "booking",
    reference: code.reference,
    customerName,
    items: due.map(reservationItem),
    noShows: await customerNoShows(tx, first?.customerEmail ?? null),
    message: `Checked in: ${customerName} (${code.reference})`,
  };
}

/**
 * The booking the reference means: eight hex digits may (rarely) start two bookings' ids; the one
 * with items today is meant. Two with items today cannot be told apart: refused.
 */
function pickBooking(rows: AttendanceRow[], code: CheckInCode, now: Date): AttendanceRow[] {
  const byHold = new Map<string, AttendanceRow[]>();
  for (const r of rows) byHold.set(r.holdId ?? "", [...(byHold.get(r.holdId ?? "") ?? []), r]);
  if (byHold.size === 1) return rows;
  const today = venueToday(now);
  const withToday = [...byHold.values()].filter((items) =>
    items.some((r) => r.date === today && r.status === "confirmed"),
  );
  if (withToday.length > 1) throw new AppError("CONFLICT", CHECK_IN_MESSAGES.ambiguous(code.reference));
  return withToday[0] ?? rows;
}

/** The most telling reason a booking has nothing to check in now. */
function bookingRefusal(booking: AttendanceRow[], now: Date): string {
  const today = venueToday(now);
  const confirmed = booking.filter((r) => r.status === "confirmed");
  const todays = confirmed.find((r) => r.date === today);
  const upcoming = confirmed.find((r) => r.date > today) ?? confirmed.at(-1);
  const telling = todays ?? upcoming ?? booking.find((r) => r.status === "pending") ?? booking[0];
  return (telling && checkInRefusal(telling, now)) ?? CHECK_IN_MESSAGES.cancelled;
}

async function checkInRegistrationCode(
  tx: Tx,
  actor: SessionUser,
  code: CheckInCode,
  now: Date,
): Promise<CheckInResponse> {
  const rows = await lockRegistrations(tx, eq(referenceDigits(eventRegistrations.id), code.digits));
  const today = venueToday(now);
  const row = rows.find((r) => r.status === "confirmed" && r.eventDate === today) ?? rows[0];
  if (!row) throw new AppError("NOT_FOUND", CHECK_IN_MESSAGES.registrationNotFound(code.reference));
  await checkInLockedRegistration(tx, actor, row, now, "reference");
  return {
    kind: "registration",
    reference: code.reference,
    customerName: row.customerName,
    items: [registrationItem(row)],
    noShows: await customerNoShows(tx, row.customerEmail),
    message: `Checked in: ${row.customerName} (${code.reference})`,
  };
}
