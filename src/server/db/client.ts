import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { DatabaseTimeouts } from "./database-timeouts";
import type { Listen } from "./notify-bus";
import type * as schema from "./schema";

export type Schema = typeof schema;
/** One type for both drivers: the embedded PGlite and the PostgreSQL server. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** What the app holds of a database, whichever the driver (opened by open-database.ts). */
export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /** LISTEN on a channel (src/server/db/notify-bus.ts); the first call opens the listening connection. */
  listen: Listen;
  /** The bounds of a wait for the database (decision record 014; configurable since issue 30). */
  timeouts: DatabaseTimeouts;
  /** Connections the pool holds: total, idle, and callers waiting for one (PGlite: one, never waiting). */
  poolUsage(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
};
