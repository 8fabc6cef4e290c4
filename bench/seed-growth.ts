// The growth a busy venue's tables really collect ahead of today (issue 16), for `npm run bench`:
// - 100,000 abandoned holds on the bookable dates: expired holds whose pending reservations were
//   cancelled, spread over every facility and time of today … today + 10 — what the rush leaves;
// - a year of future bookings past the booking horizon (standing leagues and staff bookings),
//   about half of every facility's day, from today + 15 to today + 365;
// - 200 closures and 50 special days (issue 31 Performance: bench/seed-closures.ts), which every
//   availability lookup reads.
// Run as its own process with DATABASE_URL or DATA_DIR; prints one JSON line. The bench vacuums the
// tables afterwards (bench/vacuum.ts), as it does the twin's.
import { count, sql } from "drizzle-orm";
import { addDaysToDate, venueToday } from "../src/domain/venue-time";
import { openDatabase } from "../src/server/db/open-database";
import { holds, reservations } from "../src/server/db/schema";
import { seedClosures } from "./seed-closures";

const ABANDONED = Number(process.env.BENCH_ABANDONED_HOLDS ?? "100000");
const database = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR,
  longStatements: true,
});
const db = database.db;
const today = venueToday(new Date());
const started = performance.now();
const [before] = await db.select({ n: count() }).from(reservations);

// Abandoned holds: one expired hold and one cancelled pending reservation each, created a day ago
// (outside the per-address window, so the load's own limits are untouched).
const CHUNK = 20_000;
for (let from = 0; from < ABANDONED; from += CHUNK) {
  const to = Math.min(ABANDONED, from + CHUNK) - 1;
  await db.execute(sql`
    with made as (
      insert into holds (token_hash, status, expires_at, subtotal_cents, total_cents, client_ip,
                         customer_email, created_at, updated_at)
      select 'bench-abandoned-' || n, 'expired', now() - interval '1 day', 2000, 2000,
             '10.' || (n / 65536) % 256 || '.' || (n / 256) % 256 || '.' || n % 256,
             'abandoned-' || n || '@example.test', now() - interval '1 day', now() - interval '1 day'
      from generate_series(${from}::int, ${to}::int) as n
      returning id, token_hash
    )
    insert into reservations (date, facility_type, court_id, dart_bay_id, duration, start_time, end_time,
                              price_cents, status, payment_status, manual_payment_status, customer_name,
                              customer_email, hold_id, hold_expires_at, cancel_reason)
    select ${today}::date + (k % 11), case when k % 3 = 2 then 'dart_bay' else 'court' end,
           case when k % 3 = 2 then null else 1 + k % 8 end,
           case when k % 3 = 2 then 1 + k % 4 else null end,
           60, time '10:00' + (k % 20) * interval '30 minutes', time '11:00' + (k % 20) * interval '30 minutes',
           2000, 'cancelled', 'pending', 'paid', 'Abandoned Guest', 'abandoned@example.test',
           made.id, now() - interval '1 day', 'hold_expired'
    from (select id, substring(token_hash from 17)::int as k from made) as made`);
}

// A year of future bookings beyond the horizon: every facility, every other hour, 10:00–20:00.
const first = addDaysToDate(today, 15);
const last = addDaysToDate(today, 365);
await db.execute(sql`
  insert into reservations (date, facility_type, court_id, dart_bay_id, duration, start_time, end_time,
                            price_cents, status, payment_status, manual_payment_status, customer_name,
                            customer_email, is_admin_created)
  select d::date, f.facility_type, f.court_id, f.dart_bay_id, 60,
         time '10:00' + s * interval '2 hours', time '11:00' + s * interval '2 hours',
         0, 'confirmed', 'paid', 'unpaid', 'League Player', 'league@example.test', true
  from generate_series(${first}::date, ${last}::date, interval '1 day') as d,
       (select 'court' as facility_type, n as court_id, null::int as dart_bay_id from generate_series(1, 8) n
        union all
        select 'dart_bay', null, n from generate_series(1, 4) n) as f,
       generate_series(0, 5) as s`);
const [after] = await db.select({ n: count() }).from(reservations);
const [holdRows] = await db.select({ n: count() }).from(holds);
const schedule = await seedClosures(db, today);
await database.close();
console.log(
  JSON.stringify({
    abandonedHolds: ABANDONED,
    futureBookings: (after?.n ?? 0) - (before?.n ?? 0) - ABANDONED,
    reservations: after?.n ?? 0,
    holds: holdRows?.n ?? 0,
    closures: schedule.closures,
    specialDays: schedule.specialDays,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  }),
);
