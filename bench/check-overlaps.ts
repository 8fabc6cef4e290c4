// After the load: are two live reservations on the same court or dart bay at overlapping times?
// (The exclusion constraints should make this impossible; the bench proves it on the data.)
// Run as its own process with DATABASE_URL or DATA_DIR; prints one JSON line.
import { sql } from "drizzle-orm";
import { venueToday } from "../src/domain/venue-time";
import { openDatabase } from "../src/server/db/open-database";

const database = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR,
});
const today = venueToday(new Date());
const result = (await database.db.execute(sql`
  select count(*)::int as overlaps
  from reservations a
  join reservations b
    on a.id < b.id
   and a.date = b.date
   and a.facility_type = b.facility_type
   and coalesce(a.court_id, a.dart_bay_id) = coalesce(b.court_id, b.dart_bay_id)
   and a.start_time < b.end_time
   and b.start_time < a.end_time
  where a.status <> 'cancelled' and b.status <> 'cancelled' and a.date >= ${today}::date`)) as unknown as {
  rows: Array<{ overlaps: number }>;
};
const live = (await database.db.execute(
  sql`select count(*)::int as n from reservations where status <> 'cancelled' and date >= ${today}::date`,
)) as unknown as { rows: Array<{ n: number }> };
await database.close();
console.log(
  JSON.stringify({ doubleBookings: result.rows[0]?.overlaps ?? -1, liveReservations: live.rows[0]?.n ?? 0 }),
);
