// Adds three years of past reservations (about a million rows) and their payments (a third of a
// million) for `npm run bench`, so the availability figure can be compared with and without
// history, and the reports are measured on it. Every court and dart bay is booked
// in 30-minute blocks from 9 AM to 10 PM on every past day, and each block also carries two
// abandoned holds (cancelled pending reservations), which is what a busy venue's table accumulates.
// Run as its own process with DATABASE_URL or DATA_DIR; prints one JSON line. The bench vacuums the
// tables afterwards (bench/vacuum.ts).
import { count, sql } from "drizzle-orm";
import { addDaysToDate, venueToday } from "../src/domain/venue-time";
import { openDatabase } from "../src/server/db/open-database";
import { reservations } from "../src/server/db/schema";
import { present } from "../src/server/lib/present";

const YEARS = 3;
const CHUNK_DAYS = 60;

const database = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR,
  longStatements: true,
});
const db = database.db;
const today = venueToday(new Date());
const first = addDaysToDate(today, -365 * YEARS);
const started = performance.now();

// These bookings were made before the closures the growth seed lays over the past year
// (bench/seed-closures.ts), as staff add closures to a booked venue and keep its bookings: the
// closures' trigger, which refuses a new booking inside a closure, is off for this bulk load only.
await db.execute(sql`alter table reservations disable trigger reservations_closures`);
for (let from = first; from < today; from = addDaysToDate(from, CHUNK_DAYS)) {
  const to = present([addDaysToDate(from, CHUNK_DAYS - 1), addDaysToDate(today, -1)].sort()[0]);
  await db.execute(sql`
    insert into reservations (date, facility_type, court_id, dart_bay_id, duration, start_time, end_time,
                              price_cents, status, payment_status, customer_name, customer_email, cancel_reason)
    select d::date, f.facility_type, f.court_id, f.dart_bay_id, 30,
           time '09:00' + s * interval '30 minutes', time '09:00' + (s + 1) * interval '30 minutes',
           1000,
           case when k = 0 then 'confirmed' else 'cancelled' end,
           case when k = 0 then 'paid' else 'pending' end,
           'History Guest', 'history@example.test',
           case when k = 0 then null else 'hold_expired' end
    from generate_series(${from}::date, ${to}::date, interval '1 day') as d,
         (select 'court' as facility_type, n as court_id, null::int as dart_bay_id from generate_series(1, 8) n
          union all
          select 'dart_bay', null, n from generate_series(1, 4) n) as f,
         generate_series(0, 25) as s,
         generate_series(0, 2) as k`);
}
await db.execute(sql`alter table reservations enable trigger reservations_closures`);

// Issue 33 item 3: what those bookings paid, for the reports on a grown database: one payment a
// confirmed block, made on its day, with a share of event and membership payments and of refunds.
// A payment of history refers to no hold (the blocks have none), so the report's split reads the
// hold index and finds nothing, as a lookup of a real hold costs the same probe.
await db.execute(sql`
  insert into payments (provider, purpose, amount_cents, refunded_cents, state, reference, created_at, updated_at)
  select 'test',
         case when n % 10 = 0 then 'event_registration' when n % 25 = 0 then 'membership' else 'reservation' end,
         price_cents,
         case when n % 20 = 0 then price_cents when n % 33 = 0 then price_cents / 2 else 0 end,
         case when n % 20 = 0 then 'refunded' else 'completed' end,
         gen_random_uuid(),
         (date + start_time) at time zone 'America/Chicago' - interval '2 days',
         (date + start_time) at time zone 'America/Chicago' - interval '2 days'
    from (select date, start_time, price_cents, row_number() over () as n
            from reservations
           where customer_email = 'history@example.test' and status = 'confirmed' and date < ${today}::date) h`);

const [total] = await db.select({ n: count() }).from(reservations);
const [past] = await db
  .select({ n: count() })
  .from(reservations)
  .where(sql`${reservations.date} < ${today}::date`);
await database.close();
console.log(
  JSON.stringify({
    reservations: total?.n ?? 0,
    pastReservations: past?.n ?? 0,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  }),
);
