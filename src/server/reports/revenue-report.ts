import { sql } from "drizzle-orm";
import type { RevenueReport } from "../../contracts/reports";
import {
  datesOf,
  periodBefore,
  type ReportRange,
  type RevenueCents,
  revenueTotal,
  sumRevenue,
  zeroRevenue,
} from "../../domain/reports";
import { addDaysToDate, VENUE_TIME_ZONE, venueInstant } from "../../domain/venue-time";
import type { Db } from "../db/client";

// Issue 33 item 3: revenue net of discounts and refunds, per venue day and stream. The one place
// that says what revenue is, in one SQL aggregate (no rows reach JavaScript, only one per day):
//
// - Payments taken (state completed, or refunded since), on the venue day the payment was made,
//   less what was refunded of each (payments.refunded_cents). What a payment holds is already net
//   of its coupon's discount. Refunds count against the payment's own day: refunds carry no date
//   of their own yet (a refund ledger with dates is on its way, issue 32; then they move to theirs).
// - A booking's payment (a hold's, or a move's difference) is split between court bookings and
//   dart bays by the prices of the hold's reservations; the court part is rounded and the bays
//   take the rest, so the two always add up to the payment to the cent.
// - Event registrations and memberships by the payment's purpose.
// - Desk payments: payments of purpose "desk" (money taken at the desk, issue 32), on their day;
//   and bookings staff marked paid at the desk with no payment row behind them, on the booking's
//   date, at its price. A booking that points to its desk payment counts once, as that payment.
//
// The reconciliation test (revenue-report.integration.test.ts) checks the sum against the
// database's payments and desk bookings to the cent.

type DayRow = {
  day: string;
  courts: string | number;
  dart_bays: string | number;
  events: string | number;
  memberships: string | number;
  desk: string | number;
};

/** The streams of every venue day from `range.from` to `range.to` that had any money. */
export async function revenueByDay(db: Db, range: ReportRange): Promise<Map<string, RevenueCents>> {
  const start = venueInstant(range.from, "00:00");
  const end = venueInstant(addDaysToDate(range.to, 1), "00:00");
  const result = (await db.execute(sql`
    with paid as (
      select (p.created_at at time zone ${VENUE_TIME_ZONE})::date as day,
             p.purpose,
             p.reference,
             (p.amount_cents - p.refunded_cents)::bigint as net
        from payments p
       where p.state in ('completed', 'refunded')
         and p.created_at >= ${start.toISOString()}::timestamptz
         and p.created_at < ${end.toISOString()}::timestamptz
    ),
    prices as (
      select r.hold_id,
             coalesce(sum(r.price_cents) filter (where r.facility_type = 'court'), 0) as court_price,
             coalesce(sum(r.price_cents), 0) as all_price,
             count(*) filter (where r.facility_type = 'court') as court_rows,
             count(*) as all_rows
        from reservations r
       where r.hold_id in (select reference from paid where purpose not in ('event_registration', 'membership', 'desk'))
       group by r.hold_id
    ),
    priced as (
      select paid.day, paid.purpose, paid.net,
             coalesce(f.court_price, 0) as court_price, coalesce(f.all_price, 0) as all_price,
             coalesce(f.court_rows, 0) as court_rows, coalesce(f.all_rows, 0) as all_rows
        from paid
        left join prices f
          on f.hold_id = paid.reference and paid.purpose not in ('event_registration', 'membership', 'desk')
    ),
    split as (
      select day, purpose, net,
             case
               when purpose in ('event_registration', 'membership', 'desk') then 0
               when all_price > 0 then round(net::numeric * court_price / all_price)::bigint
               when all_rows > 0 and court_rows = 0 then 0
               else net
             end as court_net
        from priced
    ),
    streams as (
      select day,
             court_net as courts,
             case when purpose in ('event_registration', 'membership', 'desk') then 0 else net - court_net end as dart_bays,
             case when purpose = 'event_registration' then net else 0 end as events,
             case when purpose = 'membership' then net else 0 end as memberships,
             case when purpose = 'desk' then net else 0 end as desk
        from split
      union all
      select r.date, 0, 0, 0, 0, r.price_cents::bigint
        from reservations r
       where r.is_admin_created and r.manual_payment_status = 'paid' and r.status = 'confirmed'
         and r.date >= ${range.from}::date and r.date <= ${range.to}::date
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

/** The revenue report of a range (already checked), with the period before it, in one query. */
export async function revenueReport(db: Db, range: ReportRange): Promise<RevenueReport> {
  const previousRange = periodBefore(range);
  const byDay = await revenueByDay(db, { from: previousRange.from, to: range.to });
  const dayOf = (date: string) => byDay.get(date) ?? zeroRevenue();
  const days = datesOf(range).map((date) => {
    const r = dayOf(date);
    return { date, ...r, totalCents: revenueTotal(r) };
  });
  const totals = sumRevenue(days);
  const previousTotals = sumRevenue(datesOf(previousRange).map(dayOf));
  return {
    report: "revenue",
    range,
    previousRange,
    days,
    totals: { ...totals, totalCents: revenueTotal(totals) },
    previousTotals: { ...previousTotals, totalCents: revenueTotal(previousTotals) },
  };
}
