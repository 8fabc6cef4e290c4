import type { FacilityType } from "../../../domain/durations";
import { present } from "../../lib/present";
import type { SlotContext } from "./slot-context";

/**
 * A short-lived read cache for the public availability lookup (docs/decisions/011): the time
 * picker of every visitor asks for the same few days, so one database read per facility type and
 * date serves everyone for `ttlMs`. Every schedule change clears it (schedule-changes.ts),
 * so this instance never shows its own writes late; another instance's writes show within `ttlMs`.
 * Holds never read it: they decide inside their transaction, and the exclusion constraint has the
 * last word. A ttlMs of 0 turns it off.
 */
export type SlotContextCache = {
  get(facilityType: FacilityType, date: string, load: () => Promise<SlotContext>): Promise<SlotContext>;
  clear(): void;
};

const MAX_ENTRIES = 200;

export function createSlotContextCache(
  ttlMs: number,
  clock: () => number = () => performance.now(),
): SlotContextCache {
  const entries = new Map<string, { at: number; value: Promise<SlotContext> }>();
  return {
    get(facilityType, date, load) {
      if (ttlMs <= 0) return load();
      const key = `${facilityType}|${date}`;
      const now = clock();
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value;
      // Concurrent misses share one read.
      const value = load();
      entries.delete(key);
      entries.set(key, { at: now, value });
      if (entries.size > MAX_ENTRIES) entries.delete(present(entries.keys().next().value));
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
