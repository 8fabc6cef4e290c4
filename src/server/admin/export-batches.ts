import { addDaysToDate, venueInstant, venueNowTime, venueToday } from "../../domain/venue-time";

// Issue 33 item 4: each export is an async generator of CSV text, read from the database in
// batches of EXPORT_BATCH rows by keyset (the last row's sort key), so a year of a busy venue passes
// through memory one batch at a time and the route streams each batch as it comes. What every
// export shares: the batch reader, the range's instants and the cells' words.

export const EXPORT_BATCH = 1000;

export type ExportRange = { from: string; to: string };

export const yesNo = (value: boolean) => (value ? "Yes" : "No");
export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);
/** An instant as the venue's wall clock reads it: "2026-11-27 14:05". */
export const atVenue = (at: Date | null) => (at ? `${venueToday(at)} ${venueNowTime(at)}` : null);
/** The instants that bound the venue dates from..to (both whole days). */
export const instantRange = ({ from, to }: ExportRange) => ({
  start: venueInstant(from, "00:00"),
  end: venueInstant(addDaysToDate(to, 1), "00:00"),
});

/**
 * Reads rows in sort order, one batch at a time: `page(after)` returns the rows after the given
 * row (null: from the first), at most EXPORT_BATCH of them.
 */
export async function* batches<Row>(page: (after: Row | null) => Promise<Row[]>): AsyncGenerator<Row[]> {
  let after: Row | null = null;
  for (;;) {
    const rows = await page(after);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH) return;
    after = rows[rows.length - 1] ?? null;
  }
}
