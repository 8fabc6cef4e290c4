import type { TimeSlot } from "./slots";
import { minutesOf } from "./venue-time";

/**
 * The next-best free time for a player who lost the slot they asked for (issue 16, the rush): the
 * free slot of the same day and duration nearest to the one they wanted, the later one when two
 * are equally near (someone who wanted 7 PM would rather play at 8 than at 6). Null when the day
 * has no free slot left.
 */
export function nextFreeSlot(slots: readonly TimeSlot[], wanted: string): TimeSlot | null {
  const at = minutesOf(wanted);
  let best: TimeSlot | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const slot of slots) {
    if (!slot.isAvailable || slot.startTime === wanted) continue;
    const distance = Math.abs(minutesOf(slot.startTime) - at);
    const later = minutesOf(slot.startTime) > at;
    if (distance < bestDistance || (distance === bestDistance && later)) {
      best = slot;
      bestDistance = distance;
    }
  }
  return best;
}
