import { endTimeOf } from "./admin-schedule";

// Issue 34 item 5: staff moving one slot of a multi-slot booking (two back-to-back hours on one
// court, DECISIONS.md Court continuity) are warned when the move leaves the booking on two courts
// or breaks it in time. Pure: the day's reservations come from GET /api/admin/day.

export type SplitReservation = {
  id: string;
  holdId: string | null;
  facilityId: number;
  facilityName: string;
  startTime: string;
  endTime: string;
  displayTime: string;
  duration: number;
  status: "pending" | "confirmed" | "cancelled";
};

/** The booking's slots that touch `target` end to start on its court (its continuing parts). */
function joinedSlots(target: SplitReservation, day: SplitReservation[]): SplitReservation[] {
  if (!target.holdId) return [];
  return day.filter(
    (r) =>
      r.id !== target.id &&
      r.holdId === target.holdId &&
      r.status !== "cancelled" &&
      r.facilityId === target.facilityId &&
      (r.endTime === target.startTime || r.startTime === target.endTime),
  );
}

/**
 * The slots of the same booking that a move of `target` to `move` would leave behind: on another
 * court, or no longer back to back. Empty when nothing splits.
 */
export function slotsLeftBehind(
  target: SplitReservation,
  move: { facilityId: number; startTime: string },
  day: SplitReservation[],
): SplitReservation[] {
  const endTime = endTimeOf(move.startTime, target.duration);
  return joinedSlots(target, day).filter(
    (r) => r.facilityId !== move.facilityId || (r.endTime !== move.startTime && r.startTime !== endTime),
  );
}

/** The warning staff read before such a move, naming where the rest of the booking stays. */
export function splitWarning(left: SplitReservation[], unit: "court" | "dart bay"): string | null {
  if (left.length === 0) return null;
  const where = left.map((r) => `${r.facilityName} at ${r.displayTime}`).join(" and ");
  return `This booking continues on ${where}. Moving only this part splits one booking across ${unit}s or times; move the other part too to keep it together.`;
}
