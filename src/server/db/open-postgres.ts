import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { migrationsDir } from "../lib/paths";
import type { Database, Db } from "./client";
import { type DatabaseTimeouts, withTimeout } from "./database-timeouts";
import { postgresListener } from "./notify-bus";
import { ResilientPool } from "./resilient-pool";
import * as schema from "./schema";
import { createStallWatch } from "./stall-watch";
import { timedClient } from "./timed-client";

/**
 * The app's connections to PostgreSQL carry this application_name (with the process id), so an
 * operator command can tell whether an app instance is using a database (`restore` refuses one:
 * src/server/cli/claim-database.ts). The notification listener's connection stays open while the
 * app runs, even when the pool's have gone idle and closed.
 */
export const APP_CONNECTION_NAME = "venue-app";

/** The app's own name; bulk loads (the bench's seeds, long statements) are not the app. */
const appConnectionName = (longStatements: boolean) =>
  longStatements ? "venue-bulk-load" : `${APP_CONNECTION_NAME} pid ${process.pid}`;

/**
 * The PostgreSQL server: a pool that survives dropped connections (resilient-pool.ts) with bounded
 * waits (database-timeouts.ts) and a stall watch, a migrator that runs one at a time across
 * processes, and the notification listener's own connection.
 */
export async function openPostgres(
  url: string,
  poolSize: number,
  timeouts: DatabaseTimeouts,
  longStatements: boolean,
): Promise<Database> {
  const pool = new ResilientPool({
    connectionString: url,
    application_name: appConnectionName(longStatements),
    max: poolSize,
    connectionTimeoutMillis: timeouts.poolWaitMs,
    Client: timedClient(timeouts.connectMs, !longStatements),
    ...(longStatements
      ? {}
      : {
          statement_timeout: timeouts.statementMs,
          query_timeout: timeouts.queryMs,
          idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
        }),
  });
  // A dropped connection must not crash the process; the pool replaces it on next use.
  pool.on("error", () => {});
  const watch = longStatements
    ? null
    : createStallWatch({
        url,
        silenceMs: Math.round(timeouts.stallMs / 3),
        probeMs: timeouts.stallMs - Math.round(timeouts.stallMs / 3),
        poolWaiting: () => pool.waitingCount,
      });
  pool.watch = watch;
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  const listener = postgresListener(url, undefined, appConnectionName(longStatements));
  return {
    db,
    kind: "postgres",
    async migrate() {
      // One migrator at a time across processes (tests and app instances share a server).
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query("select pg_advisory_lock(727274)");
        await migrateNodePg(drizzleNodePg(client), { migrationsFolder: migrationsDir });
      } finally {
        await client.query("select pg_advisory_unlock(727274)").catch(() => {});
        await client.end();
      }
    },
    async ping() {
      await withTimeout(db.execute(sql`select 1`), timeouts.pingMs, "database ping");
    },
    listen: listener.listen,
    timeouts,
    poolUsage: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolSize,
    }),
    async close() {
      watch?.close();
      await listener.close();
      await pool.end();
    },
  };
}
