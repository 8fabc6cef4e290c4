// Booking reminders (ISSUE 15 item 3; DECISIONS.md: 24 hours before by default).

export const DEFAULT_REMINDER_LEAD_HOURS = 24;
/** A lead time is whole hours from 1 to 72 (three days). */
export const MAX_REMINDER_LEAD_HOURS = 72;

/** The venue's lead times in minutes, largest first: the first (default 24 h) and an optional second. */
export function reminderLeadMinutes(first: number | null, second: number | null): number[] {
  const hours = new Set([first ?? DEFAULT_REMINDER_LEAD_HOURS, ...(second ? [second] : [])]);
  return [...hours].sort((a, b) => b - a).map((h) => h * 60);
}

/**
 * The leads whose moment has come for a booking starting at `startsAt`: the reminder point
 * (start − lead) has passed and the start has not. A booking made after a reminder point never gets
 * that reminder (its confirmation has just told them), so a booking made 3 hours ahead gets the
 * 2-hour reminder but not the 24-hour one.
 */
export function dueReminderLeads(input: {
  startsAt: Date;
  bookedAt: Date;
  now: Date;
  leadMinutes: number[];
}): number[] {
  const { startsAt, bookedAt, now, leadMinutes } = input;
  if (now.getTime() >= startsAt.getTime()) return [];
  return leadMinutes.filter((lead) => {
    const point = startsAt.getTime() - lead * 60_000;
    return point <= now.getTime() && bookedAt.getTime() < point;
  });
}
