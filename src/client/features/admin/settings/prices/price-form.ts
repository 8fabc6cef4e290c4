import { dollarsToCents } from "../../../../../domain/money";
import type { PriceBand } from "../../../../../domain/rate-card";
import { formatTime12, timeOf } from "../../../../../domain/venue-time";

// What the prices form shares: times as choices every 30 minutes ("24:00" ends the day) and money
// typed in dollars but kept in cents (the server checks every rule; this only converts).

/** "HH:MM" choices from 00:00 to 24:00, plus any time a saved band already uses. */
export function timeChoices(extra: string[] = []): Array<{ value: string; label: string }> {
  const times = new Set(Array.from({ length: 49 }, (_, i) => timeOf(i * 30)));
  for (const t of extra) times.add(t);
  return [...times].sort().map((value) => ({
    value,
    label: value === "24:00" ? "Midnight" : formatTime12(value),
  }));
}

/** A NumberInput's value (dollars) → cents; empty is 0. */
export function centsFromInput(value: string | number): number {
  const text = String(value).trim();
  if (text === "" || text === "-") return 0;
  try {
    return dollarsToCents(text);
  } catch {
    return 0;
  }
}

export const dollarsForInput = (cents: number) => cents / 100;

/** A new band after the last one: from its end to the end of the day, at its prices. */
export function nextBand(bands: PriceBand[]): PriceBand {
  const last = bands.at(-1);
  if (!last) return { from: "00:00", to: "24:00", memberCentsPerHour: 0, nonMemberCentsPerHour: 0 };
  return { ...last, from: last.to === "24:00" ? last.from : last.to, to: "24:00" };
}
