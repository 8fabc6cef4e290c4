import type { Database } from "./client";
import { databaseTimeouts, type GivenTimeouts } from "./database-timeouts";
import { openPglite } from "./open-pglite";
import { openPostgres } from "./open-postgres";

export type OpenOptions = {
  url?: string;
  dataDir?: string;
  poolSize?: number;
  /** The bounds of PostgreSQL's waits (the server's settings: config.ts DB_*); DATABASE_TIMEOUTS by default. */
  timeouts?: GivenTimeouts;
  /** Bulk loads (the bench's seeds) run statements longer than a request ever should: no timeouts. */
  longStatements?: boolean;
};

/**
 * PostgreSQL when a URL is given (open-postgres.ts: the pool, its timeouts and stall watch);
 * otherwise embedded PGlite in `dataDir` ("memory://" for tests; open-pglite.ts).
 */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) {
    return openPostgres(
      options.url,
      options.poolSize ?? 10,
      databaseTimeouts(options.timeouts),
      options.longStatements === true,
    );
  }
  return openPglite(options.dataDir ?? "./data");
}
