import { asc, eq, inArray, sql } from "drizzle-orm";
import { occurrencesInScope, type SeriesScope, splitsSeries } from "../../domain/event-series";
import type { Tx } from "../db/client";
import { events } from "../db/schema";
import type { EventRow } from "./event-queries";

// Decision 021: which occurrences an edit or delete reaches, and the series bookkeeping after it.

export type ScopedEvents = {
  /** The occurrence staff opened. */
  chosen: EventRow;
  /** Every occurrence the scope reaches, in series order (the chosen one among them). */
  targets: EventRow[];
  /** "following" from an occurrence after the first: the targets leave as a series of their own. */
  splits: boolean;
};

const hhmm = (t: string) => t.slice(0, 5);

/** Reads (without locking) the occurrences `scope` reaches from event `id`; null when there is no such event. */
export async function findScopedEvents(tx: Tx, id: string, scope: SeriesScope): Promise<ScopedEvents | null> {
  const [chosen] = await tx.select().from(events).where(eq(events.id, id));
  if (!chosen) return null;
  if (scope === "one" || chosen.seriesId === null) return { chosen, targets: [chosen], splits: false };
  const series = await tx
    .select()
    .from(events)
    .where(eq(events.seriesId, chosen.seriesId))
    .orderBy(asc(events.date), asc(events.startTime), asc(events.id));
  const occurrences = series.map((e) => ({ ...e, startTime: hhmm(e.startTime) }));
  const reached = new Set(occurrencesInScope(occurrences, id, scope).map((e) => e.id));
  return {
    chosen,
    targets: series.filter((e) => reached.has(e.id)),
    splits: splitsSeries(occurrences, id, scope),
  };
}

/** Row locks on the events, in id order so two staff actions on one series never deadlock. */
export async function lockEventRows(tx: Tx, ids: readonly string[]): Promise<EventRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(events)
    .where(inArray(events.id, [...ids]))
    .orderBy(asc(events.id))
    .for("update");
}

/** A series left with one occurrence is no series: that event becomes a single event again. */
export async function dissolveLoneSeries(tx: Tx, seriesIds: readonly (string | null)[]): Promise<void> {
  const ids = [...new Set(seriesIds.filter((s): s is string => s !== null))];
  if (ids.length === 0) return;
  await tx.execute(sql`
    update events set series_id = null
    where series_id in (
      select series_id from events
      where series_id in (${sql.join(
        ids.map((s) => sql`${s}::uuid`),
        sql`, `,
      )})
      group by series_id having count(*) = 1
    )`);
}
