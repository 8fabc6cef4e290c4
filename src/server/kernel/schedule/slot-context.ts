import { type Placeholder, type Query, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { FacilityType } from "../../../domain/durations";
import type { BusyInterval } from "../../../domain/slots";
import { dayOfWeek } from "../../../domain/venue-time";
import type { Db, Tx } from "../../db/client";
import { reservationBlocksTime } from "./blocks-time";

export type SlotContext = {
  hours: { opensAt: string; closesAt: string } | null;
  facilityIds: number[];
  facilityNames: Map<number, string>;
  busy: BusyInterval[];
};

const hhmm = (t: string) => t.slice(0, 5);

type ContextRow = {
  hours: { opensAt: string; closesAt: string } | null;
  facilities: Array<[number, string]>;
  busy: Array<[number | null, string, string]>;
  events: Array<[number[], string, string]>;
};

/**
 * SPEC §7 Availability lookup, in one place: the day's hours, the active facilities, and what keeps
 * a facility busy — every non-cancelled reservation except a pending one whose hold has ended
 * (DECISIONS.md: it blocks nothing, even before the sweeper cancels it), and for courts the events
 * that list them (events.courts holds court ids 1–8).
 *
 * One statement, one round trip (issue 16, docs/decisions/024): the four reads used to be four
 * queries, one after another, and the round trips — not the reads — were most of the lookup's cost,
 * above all inside a hold's critical section and on the embedded database.
 *
 * A named prepared statement (one per facility type), rendered once per process: on the
 * PostgreSQL server each connection parses it once and, after its first few executions, reuses one
 * plan instead of planning every lookup (pgbench on this statement: 27,000/s prepared against
 * 10,600/s planned each time), and no request builds its SQL again. The embedded database takes
 * the same text with the values; it has no named statements, so it still plans each time.
 */
export async function loadSlotContext(
  executor: Db | Tx,
  facilityType: FacilityType,
  date: string,
  now: Date,
): Promise<SlotContext> {
  const statement = executor._.session.prepareQuery(
    lookupQuery(facilityType),
    undefined,
    `slot_context_${facilityType}`,
    false,
  );
  const values: Record<keyof LookupValues, unknown> = {
    dayOfWeek: dayOfWeek(date),
    date,
    facilityType,
    now: now.toISOString(),
  };
  const result = (await statement.execute(values)) as { rows: ContextRow[] };
  return slotContextFromRow(result.rows[0]);
}

/** What the lookup's statement is given: values for a one-off statement, placeholders for the prepared one. */
type LookupValues = {
  dayOfWeek: number | Placeholder;
  date: string | Placeholder;
  facilityType: FacilityType | Placeholder;
  now: Date | Placeholder;
};

const lookupQueries = new Map<FacilityType, Query>();

/** The prepared lookup's text for the facility type, its values left as placeholders (rendered once). */
function lookupQuery(facilityType: FacilityType): Query {
  let query = lookupQueries.get(facilityType);
  if (!query) {
    query = new PgDialect().sqlToQuery(
      lookupSql(facilityType, {
        dayOfWeek: sql.placeholder("dayOfWeek"),
        date: sql.placeholder("date"),
        facilityType: sql.placeholder("facilityType"),
        now: sql.placeholder("now"),
      }),
    );
    lookupQueries.set(facilityType, query);
  }
  return query;
}

/**
 * The lookup as one json column of a caller's own select (named `as`): a hold reads it in the
 * statement that reads its limits (create-hold.ts); `slotContextFromRow` reads the value back.
 */
export function slotContextColumn(facilityType: FacilityType, date: string, now: Date, as: string): SQL {
  return sql`(select row_to_json(lookup) from (${slotContextSql(facilityType, date, now)}) lookup) as ${sql.identifier(as)}`;
}

/** A row of `slotContextSql` (or the value of a `slotContextColumn`) as the day's slot context. */
export function slotContextFromRow(row: unknown): SlotContext {
  const context = row as ContextRow | undefined;
  const busy: BusyInterval[] = [];
  for (const [facilityId, startTime, endTime] of context?.busy ?? []) {
    if (facilityId !== null) busy.push({ facilityId, startTime: hhmm(startTime), endTime: hhmm(endTime) });
  }
  for (const [courts, startTime, endTime] of context?.events ?? []) {
    for (const courtId of courts) {
      busy.push({ facilityId: courtId, startTime: hhmm(startTime), endTime: hhmm(endTime) });
    }
  }
  const facilities = context?.facilities ?? [];
  const hours = context?.hours;
  return {
    hours: hours ? { opensAt: hhmm(hours.opensAt), closesAt: hhmm(hours.closesAt) } : null,
    facilityIds: facilities.map(([id]) => id),
    facilityNames: new Map(facilities),
    busy,
  };
}

/** The lookup's one statement (also what `npm run bench` hands to pgbench as the floor). */
export function slotContextSql(facilityType: FacilityType, date: string, now: Date): SQL {
  return lookupSql(facilityType, { dayOfWeek: dayOfWeek(date), date, facilityType, now });
}

function lookupSql(facilityType: FacilityType, values: LookupValues): SQL {
  const isCourt = facilityType === "court";
  const facilityTable = isCourt ? sql`courts` : sql`dart_bays`;
  const facilityColumn = isCourt ? sql`court_id` : sql`dart_bay_id`;
  return sql`
    select
      (select json_build_object('opensAt', opens_at, 'closesAt', closes_at)
         from operating_hours where day_of_week = ${values.dayOfWeek} limit 1) as hours,
      (select coalesce(json_agg(json_build_array(id, name) order by id), '[]')
         from ${facilityTable} where is_active) as facilities,
      (select coalesce(json_agg(json_build_array(${facilityColumn}, start_time, end_time)), '[]')
         from reservations
        where date = ${values.date}::date and facility_type = ${values.facilityType}
          and ${reservationBlocksTime(values.now)}) as busy,
      ${
        isCourt
          ? sql`(select coalesce(json_agg(json_build_array(courts, start_time, end_time)), '[]')
                  from events where date = ${values.date}::date)`
          : sql`'[]'::json`
      } as events`;
}
