import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { migrationsDir } from "../paths";
import { type Listen, pgliteListener, postgresListener } from "./notify-bus";
import * as schema from "./schema";

export type Schema = typeof schema;
/** One type for both drivers: the embedded PGlite and the PostgreSQL server. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /** LISTEN on a channel (src/server/db/notify-bus.ts); the first call opens the listening connection. */
  listen: Listen;
  /** Connections the pool holds: total, idle, and callers waiting for one (PGlite: one, never waiting). */
  poolUsage(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
};

export type OpenOptions = { url?: string; dataDir?: string; poolSize?: number };

/** PostgreSQL when a URL is given; otherwise embedded PGlite in `dataDir` ("memory://" for tests). */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.dataDir ?? "./data");
}

/**
 * The pool drizzle's transactions check clients out of. The pool itself listens only to idle
 * clients; a checked-out client whose connection drops (database restart, terminated backend)
 * emits 'error' too, which would crash the process unheard. And drizzle releases a transaction's
 * client only once its BEGIN succeeded: a connection lost at BEGIN would keep its place in the
 * pool for good, until every query waits forever. So such a client is handed back (and
 * discarded) as soon as its connection fails; the caller's own release is then a no-op.
 */
class ResilientPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): void;
  override connect(
    callback?: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): Promise<pg.PoolClient> | undefined {
    // The callback form is the pool's own pool.query(), which listens and releases by itself.
    if (callback) {
      super.connect(callback);
      return undefined;
    }
    return super.connect().then((client) => {
      const release = client.release;
      let released = false;
      const releaseOnce = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener("error", onError);
        release(err);
      };
      const onError = (err: Error) => releaseOnce(err);
      client.on("error", onError);
      client.release = releaseOnce;
      return client;
    });
  }
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new ResilientPool({ connectionString: url, max: poolSize });
  // A dropped connection must not crash the process; the pool replaces it on next use.
  pool.on("error", () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  const listener = postgresListener(url);
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
      await db.execute(sql`select 1`);
    },
    listen: listener.listen,
    poolUsage: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolSize,
    }),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string): Promise<Database> {
  const location = dataDir.startsWith("memory://") ? dataDir : `${dataDir}/pgdata`;
  if (!dataDir.startsWith("memory://")) mkdirSync(location, { recursive: true });
  const client = await PGlite.create(location, { extensions: { btree_gist } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const listener = pgliteListener(client);
  return {
    db,
    kind: "pglite",
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsDir });
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    listen: listener.listen,
    poolUsage: () => ({ total: 1, idle: 1, waiting: 0, max: 1 }),
    async close() {
      await listener.close();
      await client.close();
    },
  };
}
