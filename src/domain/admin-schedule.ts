import { formatTimeRange, minutesOf, timeOf } from "./venue-time";

// SPEC §5 Admin edit reservation and §9 Time and calendar: staff times run 08:00–22:30 every
// 30 minutes and must end by 23:00. The list serves the "Add Free Reservation" panel (a
// staff-operations decision, issue 6), so staff can book before opening or after closing; the edit
// dialog cuts it to the venue's hours that day (venueHoursSlots, issue 14).
export const ADMIN_DAY_START = "08:00";
export const ADMIN_LAST_START = "22:30";
export const ADMIN_DAY_END = "23:00";
export const ADMIN_SLOT_STEP_MINUTES = 30;

/** SPEC §9: the admin timeline starts at 8 AM and spans 15 hour columns. */
export const TIMELINE_START_HOUR = 8;
export const TIMELINE_HOURS = 15;

export type AdminSlot = { startTime: string; endTime: string; displayTime: string };

/** Every start from 08:00 to 22:30 whose end (start + duration) is at or before 23:00. */
export function adminTimeSlots(durationMinutes: number): AdminSlot[] {
  const slots: AdminSlot[] = [];
  const last = minutesOf(ADMIN_LAST_START);
  const dayEnd = minutesOf(ADMIN_DAY_END);
  for (let start = minutesOf(ADMIN_DAY_START); start <= last; start += ADMIN_SLOT_STEP_MINUTES) {
    const end = start + durationMinutes;
    if (end > dayEnd) break;
    slots.push({
      startTime: timeOf(start),
      endTime: timeOf(end),
      displayTime: formatTimeRange(timeOf(start), timeOf(end)),
    });
  }
  return slots;
}

/** A day's operating hours ("HH:mm"), or null when the venue is closed that day. */
export type DayHours = { opensAt: string; closesAt: string } | null;

/**
 * Issue 14: the edit dialog offers only the venue's hours that day — starts on the 30-minute grid
 * from opening, ending by closing (and within the staff day above). None when the venue is closed.
 */
export function venueHoursSlots(durationMinutes: number, hours: DayHours): AdminSlot[] {
  if (!hours) return [];
  const opens = minutesOf(hours.opensAt);
  const closes = minutesOf(hours.closesAt);
  return adminTimeSlots(durationMinutes).filter(
    (s) => minutesOf(s.startTime) >= opens && minutesOf(s.endTime) <= closes,
  );
}

/** True when `startTime` is one of venueHoursSlots(duration, hours). */
export function isVenueHoursSlot(startTime: string, durationMinutes: number, hours: DayHours): boolean {
  return venueHoursSlots(durationMinutes, hours).some((s) => s.startTime === startTime);
}

/** True when `startTime` is one of adminTimeSlots(duration). */
export function isAdminSlot(startTime: string, durationMinutes: number): boolean {
  return adminTimeSlots(durationMinutes).some((s) => s.startTime === startTime);
}

/** The end of a booking of `durationMinutes` that starts at `startTime` ("HH:mm"). */
export function endTimeOf(startTime: string, durationMinutes: number): string {
  return timeOf(minutesOf(startTime) + durationMinutes);
}

/**
 * Where a block sits on the timeline, as fractions (0–1) of its width: left edge and width,
 * clipped to the visible 8 AM–11 PM window. Null when it lies wholly outside.
 */
export function timelinePlacement(
  startTime: string,
  endTime: string,
): { left: number; width: number } | null {
  const from = TIMELINE_START_HOUR * 60;
  const span = TIMELINE_HOURS * 60;
  const start = Math.max(minutesOf(startTime), from);
  const end = Math.min(minutesOf(endTime), from + span);
  if (end <= start) return null;
  return { left: (start - from) / span, width: (end - start) / span };
}
