// The bench's maintenance (issue 16): vacuums and analyses the booking tables, as autovacuum keeps
// them on a running venue. Run on the grown database after its growth and on its twin after the
// copy, so that the growth figures compare two databases in the same state: growth comes over
// months, during which autovacuum has long since run, and measured straight after a bulk load the
// first reads set the new rows' hint bits while autovacuum runs beside the figures (2026-11-25: raw
// floor +62–87% with growth, +19% the day before). Run as its own process with DATABASE_URL or
// DATA_DIR; prints one JSON line.
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/server/db/open-database";

const database = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR,
  longStatements: true,
});
const started = performance.now();
for (const table of ["reservations", "holds", "payments"])
  await database.db.execute(sql.raw(`vacuum (analyze) ${table}`));
await database.close();
console.log(JSON.stringify({ seconds: Math.round((performance.now() - started) / 100) / 10 }));
