import type { AdminReservation } from "../../../../contracts/admin";
import { checkInRefusal, noShowRefusal } from "../../../../domain/check-in";
import { formatTime12, venueNowTime } from "../../../../domain/venue-time";

// Issue 33 item 2: what the day's list, grid and details show of a booking's check-in. The buttons
// show only when the server would accept (domain/check-in.ts); the server decides again.

const asRule = (r: AdminReservation) => ({
  date: r.date,
  startTime: r.startTime,
  status: r.status,
  checkedInAt: r.checkedInAt ? new Date(r.checkedInAt) : null,
  noShowAt: r.noShowAt ? new Date(r.noShowAt) : null,
});

export const canCheckIn = (r: AdminReservation, now: Date) => checkInRefusal(asRule(r), now) === null;
export const canMarkNoShow = (r: AdminReservation, now: Date) => noShowRefusal(asRule(r), now) === null;

/** "Checked in 10:02 AM", "No-show", or null while expected. */
export function attendanceLabel(r: AdminReservation): string | null {
  if (r.checkedInAt) return `Checked in ${formatTime12(venueNowTime(new Date(r.checkedInAt)))}`;
  if (r.noShowAt) return "No-show";
  return null;
}

/** "1 no-show", "3 no-shows" */
export const noShowCount = (n: number) => `${n} no-show${n === 1 ? "" : "s"}`;
