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
  /** Issue 31: why the day's hours are special (a holiday, closed), null on an ordinary day. */
  specialReason: string | null;
  /** Issue 31: the closures of the day's courts (or bays), also in `busy`, with the reason players see. */
  closed: Array<BusyInterval & { reason: string }>;
};

const hhmm = (t: string) => t.slice(0, 5);

type ContextRow = {
  hours: { opensAt: string; closesAt: string } | null;
  special_reason: string | null;
  facilities: Array<[number, string]>;
  busy: Array<[number | null, string, string]>;
  events: Array<[number[], string, string]>;
  closures: Array<[number[], string, string, string]>;
};

/**
 * SPEC §7 Availability lookup, in one place: the day's hours, the active facilities, and what keeps
 * a facility busy — every non-cancelled reservation except a pending one whose hold has ended
 * (DECISIONS.md: it blocks nothing, even before the sweeper cancels it), and for courts the events
 * that list them (events.courts holds the venue's court ids, courts.id).
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
  // Issue 31: a closure keeps its courts (or bays) busy as a booking does.
  const closed: SlotContext["closed"] = [];
  for (const [ids, start, end, reason] of context?.closures ?? []) {
    const startTime = hhmm(start);
    const endTime = hhmm(end);
    if (endTime <= startTime) continue;
    for (const facilityId of ids) {
      busy.push({ facilityId, startTime, endTime });
      closed.push({ facilityId, startTime, endTime, reason });
    }
  }
  const facilities = context?.facilities ?? [];
  const hours = context?.hours;
  return {
    hours: hours ? { opensAt: hhmm(hours.opensAt), closesAt: hhmm(hours.closesAt) } : null,
    facilityIds: facilities.map(([id]) => id),
    facilityNames: new Map(facilities),
    busy,
    specialReason: context?.special_reason ?? null,
    closed,
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
  // Issue 31: a special day's hours (or none: closed) win over the weekday's; the closures of the
  // day's courts (or bays) come with their reason, as the wall-clock stretch they take that day
  // (src/domain/venue-hours.ts closedIntervalsOn says the same in TypeScript).
  return sql`
    select
      (select case when s.starts_on is null
                 then (select json_build_object('opensAt', opens_at, 'closesAt', closes_at)
                         from operating_hours where day_of_week = ${values.dayOfWeek} limit 1)
                 when s.opens_at is null then null
                 else json_build_object('opensAt', s.opens_at, 'closesAt', s.closes_at) end
         from (select 1) one
         left join special_days s on ${values.date}::date between s.starts_on and s.ends_on
        limit 1) as hours,
      (select reason from special_days
        where ${values.date}::date between starts_on and ends_on limit 1) as special_reason,
      (select coalesce(json_agg(json_build_array(facility_ids,
                case when weekly or starts_on = ${values.date}::date then start_time::text else '00:00' end,
                case when weekly or ends_on = ${values.date}::date then end_time::text else '24:00' end,
                reason)), '[]')
         from facility_closures
        where facility_type = ${values.facilityType} and ${values.date}::date between starts_on and ends_on
          and (not weekly or extract(dow from starts_on) = ${values.dayOfWeek})) as closures,
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
