import { sql } from "drizzle-orm";
import type { CouponsReport, CustomersReport, EventsReport, MembersReport } from "../../contracts/reports";
import { periodBefore, type ReportRange } from "../../domain/reports";
import { addDaysToDate, venueInstant } from "../../domain/venue-time";
import type { Db } from "../db/client";

// Issue 33 item 3: members, coupons, events and top customers, each one SQL aggregate over the
// range and the period before. Payments are read as the revenue report reads them (state completed
// or refunded, on the venue day made, net of refunds), so the figures agree with it.

type Num = string | number;
const n = (v: Num | null | undefined) => Number(v ?? 0);
const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The instants bounding the period before and the range, and where the range starts. */
function bounds(range: ReportRange) {
  const previousRange = periodBefore(range);
  return {
    previousRange,
    start: venueInstant(previousRange.from, "00:00").toISOString(),
    middle: venueInstant(range.from, "00:00").toISOString(),
    end: venueInstant(addDaysToDate(range.to, 1), "00:00").toISOString(),
  };
}

/**
 * Active and frozen members and the monthly recurring revenue now (a plan's price, an annual one's
 * over 12; a membership staff gave free counts no revenue); signups (membership payments, not
 * renewals: decision 040) and memberships set to end, in the range and the period before.
 */
export async function membersReport(db: Db, range: ReportRange): Promise<MembersReport> {
  const { previousRange, start, middle, end } = bounds(range);
  const [r] = await rowsOf<Record<string, Num>>(
    db,
    sql`
    select
      (select count(*) from users u where u.is_member and not u.is_frozen and u.staff_role is null) as active,
      (select count(*) from users u where u.is_member and u.is_frozen and u.staff_role is null) as frozen,
      (select coalesce(sum(case when p.interval = 'year' then round(p.price_cents / 12.0) else p.price_cents end), 0)
         from users u join membership_plans p on p.id = u.membership_plan
        where u.is_member and not u.is_frozen and u.comp_ends_at is null and u.staff_role is null) as mrr,
      (select count(*) filter (where created_at >= ${middle}::timestamptz)
         from payments
        where purpose = 'membership' and not is_renewal and state in ('completed', 'refunded')
          and created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz) as new_now,
      (select count(*) filter (where created_at < ${middle}::timestamptz)
         from payments
        where purpose = 'membership' and not is_renewal and state in ('completed', 'refunded')
          and created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz) as new_before,
      (select count(*) from users where cancel_at >= ${middle}::timestamptz and cancel_at < ${end}::timestamptz) as cancelled_now,
      (select count(*) from users where cancel_at >= ${start}::timestamptz and cancel_at < ${middle}::timestamptz) as cancelled_before`,
  );
  return {
    report: "members",
    range,
    previousRange,
    active: n(r?.active),
    frozen: n(r?.frozen),
    mrrCents: n(r?.mrr),
    newMembers: n(r?.new_now),
    previousNewMembers: n(r?.new_before),
    cancelled: n(r?.cancelled_now),
    previousCancelled: n(r?.cancelled_before),
  };
}

/** Coupon codes used in payments taken in the range (what the checkout recorded), and the period before. */
export async function couponsReport(db: Db, range: ReportRange): Promise<CouponsReport> {
  const { previousRange, start, middle, end } = bounds(range);
  const rows = await rowsOf<{ current: boolean; code: string; uses: Num; discount: Num }>(
    db,
    sql`
    select created_at >= ${middle}::timestamptz as current, upper(checkout->>'couponCode') as code,
           count(*) as uses, coalesce(sum((checkout->>'discountCents')::int), 0) as discount
      from payments
     where state in ('completed', 'refunded') and checkout->>'couponCode' is not null
       and created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz
     group by 1, 2`,
  );
  const coupons = rows
    .filter((r) => r.current)
    .map((r) => ({ code: r.code, uses: n(r.uses), discountCents: n(r.discount) }))
    .sort((a, b) => b.discountCents - a.discountCents || a.code.localeCompare(b.code));
  const before = rows.filter((r) => !r.current);
  return {
    report: "coupons",
    range,
    previousRange,
    coupons,
    previous: {
      uses: before.reduce((t, r) => t + n(r.uses), 0),
      discountCents: before.reduce((t, r) => t + n(r.discount), 0),
    },
  };
}

/** Each event dated in the range with its confirmed registrations and places; the period before's totals. */
export async function eventsReport(db: Db, range: ReportRange): Promise<EventsReport> {
  const { previousRange } = bounds(range);
  const rows = await rowsOf<{ id: string; name: string; date: string; max: Num; registered: Num }>(
    db,
    sql`
    select e.id::text as id, e.name, e.date::text as date, e.max_participants as max,
           (select count(*) from event_registrations g where g.event_id = e.id and g.status = 'confirmed') as registered
      from events e
     where e.date >= ${previousRange.from}::date and e.date <= ${range.to}::date
     order by e.date, e.start_time, e.name`,
  );
  const current = rows.filter((r) => r.date >= range.from);
  const before = rows.filter((r) => r.date < range.from);
  return {
    report: "events",
    range,
    previousRange,
    events: current.map((r) => ({
      id: r.id,
      name: r.name,
      date: r.date,
      registered: n(r.registered),
      maxParticipants: n(r.max),
    })),
    previous: {
      registered: before.reduce((t, r) => t + n(r.registered), 0),
      places: before.reduce((t, r) => t + n(r.max), 0),
    },
  };
}

/** The ten emails that paid the most in the range, net of refunds. */
export async function customersReport(db: Db, range: ReportRange): Promise<CustomersReport> {
  const { previousRange, middle, end } = bounds(range);
  const rows = await rowsOf<{ email: string; payments: Num; net: Num }>(
    db,
    sql`
    select lower(checkout->>'customerEmail') as email, count(*) as payments,
           sum(amount_cents - refunded_cents) as net
      from payments
     where state in ('completed', 'refunded') and checkout->>'customerEmail' is not null
       and created_at >= ${middle}::timestamptz and created_at < ${end}::timestamptz
     group by 1
     order by net desc, email
     limit 10`,
  );
  return {
    report: "customers",
    range,
    previousRange,
    customers: rows.map((r) => ({ email: r.email, payments: n(r.payments), netCents: n(r.net) })),
  };
}
