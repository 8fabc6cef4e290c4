import type { TimeSlotDto } from "../../../contracts/booking";

// Issue 34, the per-court view: the day's courts (or bays) down, its times across.

/** A court or bay as the server names it. */
export type Court = { id: number; name: string };

export type CourtRow = Court & { cells: Array<{ slot: TimeSlotDto; free: boolean }> };

/**
 * One row per court, in the server's order, one cell per time of the day: free when the server
 * listed the court among the slot's free ones. A slot without the list (an answer without
 * `courts=true`) reads as taken on every court.
 */
export function courtMatrix(slots: TimeSlotDto[], courts: Court[]): CourtRow[] {
  const free = slots.map((slot) => new Set(slot.freeFacilityIds ?? []));
  return courts.map((court) => ({
    ...court,
    cells: slots.map((slot, i) => ({ slot, free: free[i]?.has(court.id) ?? false })),
  }));
}

/** The first free cell, row by row ([row, column]); the first cell when none is free. */
export function firstFreeCell(rows: CourtRow[]): [number, number] {
  for (const [r, row] of rows.entries()) {
    const c = row.cells.findIndex((cell) => cell.free);
    if (c >= 0) return [r, c];
  }
  return [0, 0];
}

/**
 * Where a key moves the focus in a grid of `rows` by `columns` (the roving tab stop): the arrows one
 * cell, Home and End to the row's ends, with Ctrl to the grid's corners; null for any other key.
 */
export function moveInGrid(
  at: [number, number],
  key: string,
  ctrl: boolean,
  rows: number,
  columns: number,
): [number, number] | null {
  const [r, c] = at;
  const moves: Record<string, [number, number]> = {
    ArrowRight: [r, c + 1],
    ArrowLeft: [r, c - 1],
    ArrowDown: [r + 1, c],
    ArrowUp: [r - 1, c],
    Home: ctrl ? [0, 0] : [r, 0],
    End: ctrl ? [rows - 1, columns - 1] : [r, columns - 1],
  };
  const to = moves[key];
  if (!to) return null;
  const clamp = (n: number, size: number) => Math.max(0, Math.min(size - 1, n));
  return [clamp(to[0], rows), clamp(to[1], columns)];
}
