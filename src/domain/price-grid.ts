import type { FacilityType } from "./durations";
import { type SlotPrices, slotPrices } from "./pricing";
import type { RateCard } from "./rate-card";
import { formatTime12, minutesOf, timeOf } from "./venue-time";

export type PriceGrid = {
  durations: number[];
  rows: Array<{ startTime: string; displayTime: string; cells: Array<SlotPrices | null> }>;
};

/**
 * A day's prices under `card`, as staff compare them before saving a new card (issue 32): one row
 * per 30-minute start from opening, one column per duration the card offers; a cell is null where
 * that duration would run past closing. Empty when the venue is closed.
 */
export function priceGrid(
  card: RateCard,
  facilityType: FacilityType,
  date: string,
  hours: { opensAt: string; closesAt: string } | null,
): PriceGrid {
  const durations = [...card[facilityType].durations].sort((a, b) => a - b);
  const shortest = durations[0];
  if (!hours || shortest === undefined) return { durations, rows: [] };
  const closes = minutesOf(hours.closesAt);
  const rows: PriceGrid["rows"] = [];
  for (let start = minutesOf(hours.opensAt); start + shortest <= closes; start += 30) {
    const startTime = timeOf(start);
    rows.push({
      startTime,
      displayTime: formatTime12(startTime),
      cells: durations.map((d) =>
        start + d <= closes ? slotPrices(card, facilityType, date, startTime, d) : null,
      ),
    });
  }
  return { durations, rows };
}
