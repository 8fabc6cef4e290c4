import type { BookingRulesResponse } from "../../contracts/booking-rules";
import { type BookingRules, validateBookingRules } from "../../domain/booking-rules";
import type { SessionUser } from "../auth/session-user";
import type { AppDeps } from "../deps";
import { writeAudit } from "../kernel/staff/audit-log";
import { AppError } from "../lib/errors";
import { readBookingRules, saveBookingRules } from "../settings/booking-rules";
import { changeVenueRules } from "./change-venue-rules";

/**
 * Staff save the venue's booking rules (issue 32 item 2): horizons, the payment hold, the members'
 * free bookings. Out-of-range values (a horizon of 0 or over a year) are refused with the first
 * problem in words and nothing changes; a change is audited with before and after and in force in
 * every instance after the commit. Holds already made keep their end; free bookings already made stay.
 */
export async function updateBookingRules(
  deps: AppDeps,
  actor: SessionUser,
  rules: BookingRules,
): Promise<BookingRulesResponse> {
  const first = validateBookingRules(rules)[0];
  if (first) throw new AppError("VALIDATION", first.message, undefined, { field: first.field });
  const saved = await changeVenueRules(deps, async (tx) => {
    const now = deps.now();
    const before = await readBookingRules(tx);
    await saveBookingRules(tx, rules, actor.id, now);
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: "update_booking_rules",
      targetType: "booking_rules",
      targetId: "venue",
      targetLabel: `Guests ${rules.guestHorizonDays} days, members ${rules.memberHorizonDays} days, hold ${rules.holdMinutes} min`,
      outcome: "success",
      at: now,
      details: { before, after: rules },
    });
    return readBookingRules(tx);
  });
  return { rules: saved };
}
