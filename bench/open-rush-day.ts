// The booking rush's day (issue 16): the newest date a guest may book, as it is the moment the
// window opens — nobody has booked it yet. The busy seed filled it like the other days, so its
// reservations are removed. Run as its own process with DATABASE_URL or DATA_DIR and BENCH_DATE.
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/server/db/open-database";

const date = process.env.BENCH_DATE ?? "";
const database = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR,
  longStatements: true,
});
const removed = (await database.db.execute(
  sql`with gone as (delete from reservations where date = ${date}::date returning 1) select count(*)::int as n from gone`,
)) as unknown as { rows: Array<{ n: number }> };
await database.close();
console.log(JSON.stringify({ date, removed: removed.rows[0]?.n ?? 0 }));
