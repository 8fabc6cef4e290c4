import { sql } from "drizzle-orm";
import type { RevenueCents } from "../../domain/reports";
import { addDaysToDate, VENUE_TIME_ZONE, venueInstant } from "../../domain/venue-time";
import type { Db, Tx } from "../db/client";

// Issue 33 item 3: the one place that says what revenue is, in one SQL aggregate (no rows reach
// JavaScript, only one per day). Revenue is net of discounts and refunds, per venue day and stream:
//
// - Payments taken (state completed, or refunded since), on the venue day the payment was made.
//   What a payment holds is already net of its coupon's discount.
// - Refunds on their own venue day, from the refund ledger (payment_refunds, decision 035), in the
//   stream of the payment they give back. What a payment's refunded_cents holds beyond its ledger
//   rows (refunds made before the ledger existed) counts against the payment's own day.
// - The stream follows the payment's purpose, whoever wrote the row: event_registration → events,
//   membership (signups and renewals) → memberships, desk → desk; any other purpose is a booking's
//   (a hold's, or a move's difference) and is split between court bookings and dart bays by the
//   prices of the hold's reservations, the court part rounded and the bays taking the rest, so the
//   two always add up to the payment (or refund) to the cent. A refund given for one reservation
//   goes wholly to that reservation's type.
// - Bookings staff marked paid at the desk with no payment row behind them, on the booking's date,
//   at its price, in the desk stream. A booking that points to its desk payment counts once.
//
// The reconciliation test (revenue-report.integration.test.ts) checks this, live and through the
// stored days (report-days.ts), against the payments, the ledger and the desk bookings to the cent.

type DayRow = {
  day: string;
  courts: string | number;
  dart_bays: string | number;
  events: string | number;
  memberships: string | number;
  desk: string | number;
};

const NOT_BOOKING = sql.raw(`('event_registration', 'membership', 'desk')`);

/** The streams of every venue day from `from` to `to` that had any money, read live. */
export async function revenueByDay(
  db: Db | Tx,
  from: string,
  to: string,
): Promise<Map<string, RevenueCents>> {
  const start = venueInstant(from, "00:00").toISOString();
  const end = venueInstant(addDaysToDate(to, 1), "00:00").toISOString();
  const result = (await db.execute(sql`
    with taken as (
      select p.id, (p.created_at at time zone ${VENUE_TIME_ZONE})::date as day, p.purpose, p.reference,
             p.amount_cents, p.refunded_cents
        from payments p
       where p.state in ('completed', 'refunded')
         and p.created_at >= ${start}::timestamptz and p.created_at < ${end}::timestamptz
    ),
    ledgered as (
      select f.payment_id, sum(f.amount_cents)::bigint as cents
        from payment_refunds f
       where f.payment_id in (select id from taken)
       group by f.payment_id
    ),
    moves as (
      select t.day, t.purpose, t.reference, null::text as item_type,
             (t.amount_cents - t.refunded_cents + coalesce(l.cents, 0))::bigint as net
        from taken t left join ledgered l on l.payment_id = t.id
      union all
      select (f.created_at at time zone ${VENUE_TIME_ZONE})::date, p.purpose, p.reference, item.facility_type,
             -f.amount_cents::bigint
        from payment_refunds f
        join payments p on p.id = f.payment_id and p.state in ('completed', 'refunded')
        left join reservations item on item.id = f.reservation_id
       where f.created_at >= ${start}::timestamptz and f.created_at < ${end}::timestamptz
    ),
    prices as (
      select r.hold_id,
             coalesce(sum(r.price_cents) filter (where r.facility_type = 'court'), 0) as court_price,
             coalesce(sum(r.price_cents), 0) as all_price,
             count(*) filter (where r.facility_type = 'court') as court_rows,
             count(*) as all_rows
        from reservations r
       where r.hold_id in (select reference from moves where purpose not in ${NOT_BOOKING})
       group by r.hold_id
    ),
    split as (
      select m.day, m.purpose, m.net,
             case
               when m.purpose in ${NOT_BOOKING} then 0
               when m.item_type = 'court' then m.net
               when m.item_type = 'dart_bay' then 0
               when f.all_price > 0 then round(m.net::numeric * f.court_price / f.all_price)::bigint
               when f.all_rows > 0 and f.court_rows = 0 then 0
               else m.net
             end as court_net
        from moves m
        left join prices f on f.hold_id = m.reference and m.purpose not in ${NOT_BOOKING}
    ),
    streams as (
      select day,
             court_net as courts,
             case when purpose in ${NOT_BOOKING} then 0 else net - court_net end as dart_bays,
             case when purpose = 'event_registration' then net else 0 end as events,
             case when purpose = 'membership' then net else 0 end as memberships,
             case when purpose = 'desk' then net else 0 end as desk
        from split
      union all
      select r.date, 0, 0, 0, 0, r.price_cents::bigint
        from reservations r
       where r.is_admin_created and r.manual_payment_status = 'paid' and r.status = 'confirmed'
         and r.date >= ${from}::date and r.date <= ${to}::date
         -- By the primary key; a payment id that is no uuid (the demo's) has no row.
         and case
               when r.payment_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
               then not exists (select 1 from payments d where d.id = r.payment_id::uuid)
               else true
             end
    )
    select day::text as day,
           sum(courts)::bigint as courts, sum(dart_bays)::bigint as dart_bays,
           sum(events)::bigint as events, sum(memberships)::bigint as memberships,
           sum(desk)::bigint as desk
      from streams
     group by day`)) as unknown as { rows: DayRow[] };
  const byDay = new Map<string, RevenueCents>();
  for (const r of result.rows) {
    byDay.set(r.day, {
      courts: Number(r.courts),
      dartBays: Number(r.dart_bays),
      events: Number(r.events),
      memberships: Number(r.memberships),
      desk: Number(r.desk),
    });
  }
  return byDay;
}
