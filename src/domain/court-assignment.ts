import { minutesOf } from "./venue-time";

/** One cart item as the court picker sees it: its slot and the facilities free for it. */
export type SlotToAssign = {
  /** Items are kept together only with others of the same group (facility type and date). */
  group: string;
  startTime: string;
  endTime: string;
  /** Facilities of the item's type free for its slot, before this cart takes any of them. */
  freeFacilityIds: number[];
};

type Candidate = { index: number; from: number; to: number; free: Set<number> };

/**
 * DECISIONS.md Court continuity: the slots of one facility type on one day in one cart go to the
 * same court or bay when one is free for all of them, otherwise to as few as possible, lowest
 * numbers first. Returns the chosen facility per item (same order as the input), or null for an
 * item no facility is free for. Two items of the cart that overlap (the same slot added twice)
 * never share a facility.
 *
 * Greedy: the facility that can take the most of the items still unplaced (lowest number on a
 * tie) takes them, then the next. One facility free for all is always found first; for the rest
 * greedy is within a small factor of the minimum, and carts are at most a handful of slots.
 */
export function assignFacilities(items: SlotToAssign[]): Array<number | null> {
  const assigned: Array<number | null> = items.map(() => null);
  const groups = new Map<string, Candidate[]>();
  items.forEach((item, index) => {
    const list = groups.get(item.group) ?? [];
    list.push({
      index,
      from: minutesOf(item.startTime),
      to: minutesOf(item.endTime),
      free: new Set(item.freeFacilityIds),
    });
    groups.set(item.group, list);
  });
  for (const group of groups.values()) {
    let unplaced = group;
    while (unplaced.length > 0) {
      const facilityIds = [...new Set(unplaced.flatMap((c) => [...c.free]))].sort((a, b) => a - b);
      let best: { facilityId: number; taken: Candidate[] } | null = null;
      for (const facilityId of facilityIds) {
        const taken = mostItemsOn(facilityId, unplaced);
        if (!best || taken.length > best.taken.length) best = { facilityId, taken };
      }
      if (!best || best.taken.length === 0) break;
      for (const c of best.taken) assigned[c.index] = best.facilityId;
      const takenSet = new Set(best.taken);
      unplaced = unplaced.filter((c) => !takenSet.has(c));
      // What this cart just put on the facility keeps it busy for the items that overlap it.
      for (const c of unplaced) {
        if (best.taken.some((t) => c.from < t.to && c.to > t.from)) c.free.delete(best.facilityId);
      }
    }
  }
  return assigned;
}

/** The largest set of the items free on the facility that do not overlap each other (earliest end first). */
function mostItemsOn(facilityId: number, candidates: Candidate[]): Candidate[] {
  const fitting = candidates
    .filter((c) => c.free.has(facilityId))
    .sort((a, b) => a.to - b.to || a.from - b.from || a.index - b.index);
  const taken: Candidate[] = [];
  let freeFrom = Number.NEGATIVE_INFINITY;
  for (const c of fitting) {
    // SPEC §5 overlap: touching slots (7 PM end, 7 PM start) do not overlap.
    if (c.from >= freeFrom) {
      taken.push(c);
      freeFrom = c.to;
    }
  }
  return taken;
}

/**
 * The order in which to try the facilities for one item: the planned one first when it is still
 * free, then the other free ones, lowest number first. The database's exclusion constraint stays
 * the last word, so a facility lost to another buyer falls through to the next.
 */
export function facilityTryOrder(planned: number | null, freeFacilityIds: number[]): number[] {
  const rest = [...freeFacilityIds].sort((a, b) => a - b).filter((id) => id !== planned);
  return planned !== null && freeFacilityIds.includes(planned) ? [planned, ...rest] : rest;
}
