import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { embeddedTemplatePath, migrationsDir } from "../paths";
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

export type OpenOptions = {
  url?: string;
  dataDir?: string;
  poolSize?: number;
  /** Bulk loads (the bench's seeds) run statements longer than a request ever should: no timeouts. */
  longStatements?: boolean;
};

/** PostgreSQL when a URL is given; otherwise embedded PGlite in `dataDir` ("memory://" for tests). */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10, options.longStatements === true);
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
      const checkout = watchTimeouts(client);
      checkout.timedOut = false;
      const releaseOnce = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener("error", onError);
        release(err ?? (checkout.timedOut ? new Error("query timed out") : undefined));
      };
      const onError = (err: Error) => releaseOnce(err);
      client.on("error", onError);
      client.release = releaseOnce;
      return client;
    });
  }
}

const watched = new WeakMap<pg.PoolClient, { timedOut: boolean }>();

/**
 * A query that timed out on our side leaves its answer owed by the server: the connection is
 * discarded at release rather than handed to the next request with that backlog. The client's
 * `query` is wrapped once, on its first checkout, and the flag is reset at every checkout. (It
 * was wrapped again at every checkout, around the wrapper before: each query then went through
 * one closure per earlier checkout, slower and slower, until a connection checked out about
 * 10,000 times failed every query with "Maximum call stack size exceeded";
 * tests/integration/pool-checkouts.integration.test.ts.)
 */
function watchTimeouts(client: pg.PoolClient): { timedOut: boolean } {
  const known = watched.get(client);
  if (known) return known;
  const state = { timedOut: false };
  watched.set(client, state);
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise) {
      return result.catch((err: unknown) => {
        if (err instanceof Error && /Query read timeout/.test(err.message)) state.timedOut = true;
        throw err;
      });
    }
    return result;
  }) as typeof client.query;
  return state;
}

/**
 * Timeouts for a database that stops answering (decision record 014). A frozen server cannot
 * enforce its own statement_timeout, so the client has its own, a little longer. Opening a
 * connection has a short limit of its own; waiting for a free place in the pool a long one, so a
 * queue of bookings under load is served, not refused (an exclusion-constraint wait lasts only as
 * long as the other booking's transaction).
 */
export const DATABASE_TIMEOUTS = {
  connectMs: 5_000,
  poolWaitMs: 30_000,
  statementMs: 10_000,
  queryMs: 12_000,
  idleInTransactionMs: 15_000,
  /** /api/health answers 503 after this, whatever the pool is doing. */
  pingMs: 1_200,
} as const;

/** The pool's clients: the pool's own connectionTimeoutMillis is its queue wait, this the connect. */
class TimedClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs });
  }
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: connection timeout after ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function openPostgres(url: string, poolSize: number, longStatements: boolean): Promise<Database> {
  const pool = new ResilientPool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: DATABASE_TIMEOUTS.poolWaitMs,
    Client: TimedClient,
    ...(longStatements
      ? {}
      : {
          statement_timeout: DATABASE_TIMEOUTS.statementMs,
          query_timeout: DATABASE_TIMEOUTS.queryMs,
          idle_in_transaction_session_timeout: DATABASE_TIMEOUTS.idleInTransactionMs,
        }),
  });
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
      await withTimeout(db.execute(sql`select 1`), DATABASE_TIMEOUTS.pingMs, "database ping");
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

/** Another live process has the embedded data folder open (PGlite is one process's database). */
export class DatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is open in process ${pid} (a running server?). ` +
        `Stop it first, or delete ${join(dataDir, LOCK_FILE)} if no such process runs.`,
    );
    this.name = "DatabaseInUseError";
  }
}

const LOCK_FILE = "pgdata.lock";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Two processes opening one PGlite folder each run their own PostgreSQL on the same files: the
 * second sees stale data and its writes are lost or corrupt the first's. So the folder is locked.
 */
function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, LOCK_FILE);
  let holder = Number.NaN;
  try {
    holder = Number(readFileSync(file, "utf8").trim());
  } catch {
    // no lock yet
  }
  if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
    throw new DatabaseInUseError(dataDir, holder);
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

/**
 * The embedded database shares the server's process, so its buffer pool counts against the
 * server's memory (decision record 025). PostgreSQL's default 128 MB pool made the idle server
 * hold about 500 MB; the venue's whole working set is a few MB, and pages beyond the pool are
 * still in the operating system's file cache.
 */
const PGLITE_SETTINGS = ["shared_buffers=16MB", "maintenance_work_mem=16MB", "temp_buffers=2MB"];

/**
 * initdb for a new embedded data folder, in a process of its own. PGlite runs initdb in a second
 * WebAssembly instance whose memory (some 600 MB) the server's process would otherwise keep for
 * the rest of its life; in a short-lived process it is returned to the system when initdb ends.
 */
async function createPgliteCluster(location: string): Promise<void> {
  // Resolved with require.resolve: Vitest's module runner (the integration tests) has no
  // import.meta.resolve. That finds the package's CommonJS entry, whose exports Node may hand over
  // as named or only as the default.
  const entry = pathToFileURL(createRequire(import.meta.url).resolve("@electric-sql/pglite")).href;
  const script =
    "const m = await import(process.argv[1]); const PGlite = m.PGlite ?? m.default.PGlite;" +
    "const db = await PGlite.create(process.argv[2]); await db.close();";
  const child = spawn(process.execPath, ["--input-type=module", "-e", script, entry, location], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", resolve);
  });
  if (code !== 0) throw new Error(`Creating the embedded database in ${location} failed: ${stderr.trim()}`);
}

async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir.startsWith("memory://");
  const location = inMemory ? dataDir : `${dataDir}/pgdata`;
  if (!inMemory) mkdirSync(location, { recursive: true });
  const unlock = inMemory ? () => {} : lockDataDir(dataDir);
  const fresh = !inMemory && !existsSync(join(location, "PG_VERSION"));
  // A new data folder starts from the build's template (initialised and migrated) when there is
  // one; otherwise (development from the sources) initdb runs in a process of its own.
  if (fresh && existsSync(join(embeddedTemplatePath, "PG_VERSION"))) {
    cpSync(embeddedTemplatePath, location, { recursive: true });
  } else if (fresh) {
    await createPgliteCluster(location).catch((err) => {
      unlock();
      throw err;
    });
  }
  const client = await PGlite.create(location, {
    extensions: { btree_gist },
    postgresqlconf: PGLITE_SETTINGS,
  }).catch((err) => {
    unlock();
    throw err;
  });
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
      try {
        await listener.close();
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}
