import type { RescheduleRequest } from "../../contracts/manage";
import { checkBookingDate } from "../../domain/booking-window";
import { venueInstant } from "../../domain/venue-time";
import type { reservations } from "../db/schema";
import { AppError } from "../lib/errors";
import type { readBookingRules } from "../settings/booking-rules";
import { RESCHEDULE_MESSAGES } from "./reschedule-messages";

/** The date and time asked for: inside the horizon, outside the policy's window. */
export function checkRescheduleTime(
  row: typeof reservations.$inferSelect,
  input: RescheduleRequest,
  hoursBefore: number,
  now: Date,
  rules: Awaited<ReturnType<typeof readBookingRules>>,
) {
  const dateCheck = checkBookingDate(input.date, now, row.isMember, rules);
  if (!dateCheck.ok) throw new AppError("VALIDATION", dateCheck.message, { field: "date" });
  const newStart = venueInstant(input.date, input.startTime);
  if (newStart.getTime() - now.getTime() < hoursBefore * 3_600_000) {
    throw new AppError("VALIDATION", RESCHEDULE_MESSAGES.tooSoon(hoursBefore), { field: "startTime" });
  }
}
