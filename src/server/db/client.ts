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
import { embeddedTemplatePath, migrationsDir } from "../lib/paths";
import { statementNamer, withStatementName } from "./named-statements";
import { type Listen, pgliteListener, postgresListener } from "./notify-bus";
import * as schema from "./schema";
import { createStallWatch, type StallWatch } from "./stall-watch";

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
  /** The bounds of a wait for the database (decision record 014; configurable since issue 30). */
  timeouts: DatabaseTimeouts;
  /** Connections the pool holds: total, idle, and callers waiting for one (PGlite: one, never waiting). */
  poolUsage(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
};

/**
 * The app's connections to PostgreSQL carry this application_name (with the process id), so an
 * operator command can tell whether an app instance is using a database (`restore` refuses one:
 * src/server/cli/backup-archive.ts). The notification listener's connection stays open while the
 * app runs, even when the pool's have gone idle and closed.
 */
export const APP_CONNECTION_NAME = "venue-app";

export type OpenOptions = {
  url?: string;
  dataDir?: string;
  poolSize?: number;
  /** The bounds of PostgreSQL's waits (the server's settings: config.ts DB_*); DATABASE_TIMEOUTS by default. */
  timeouts?: Partial<Pick<DatabaseTimeouts, "connectMs" | "poolWaitMs" | "statementMs" | "stallMs">>;
  /** Bulk loads (the bench's seeds) run statements longer than a request ever should: no timeouts. */
  longStatements?: boolean;
};

/** PostgreSQL when a URL is given; otherwise embedded PGlite in `dataDir` ("memory://" for tests). */
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

/**
 * The pool drizzle's transactions check clients out of. The pool itself listens only to idle
 * clients; a checked-out client whose connection drops (database restart, terminated backend)
 * emits 'error' too, which would crash the process unheard. And drizzle releases a transaction's
 * client only once its BEGIN succeeded: a connection lost at BEGIN would keep its place in the
 * pool for good, until every query waits forever. So such a client is handed back (and
 * discarded) as soon as its connection fails; the caller's own release is then a no-op.
 */
class ResilientPool extends pg.Pool {
  /** Tells a frozen database from a busy one (stall-watch.ts); set once the pool exists. */
  watch: StallWatch | null = null;

  /**
   * drizzle's queries outside a transaction come here (pg-pool's query checks a client out and
   * queries it with callbacks, past the watch): the promise form checks out and queries through
   * the watched paths instead, and discards the client on an error, as pg-pool does.
   */
  // biome-ignore lint/suspicious/noExplicitAny: pg.Pool's query has many overloads; this passes them through.
  override query(...args: any[]): any {
    if (!this.watch || typeof args[args.length - 1] === "function") {
      return (super.query as (...a: unknown[]) => unknown)(...args);
    }
    return this.connect().then(async (client) => {
      try {
        const result = await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
        client.release();
        return result;
      } catch (err) {
        client.release(err instanceof Error ? err : true);
        throw err;
      }
    });
  }

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
    const watch = this.watch;
    const connected = watch
      ? watch.checkout(
          () => super.connect(),
          // Given up on (the database was found frozen): the connection, when it comes, is discarded.
          (late) => void late.then((client) => client.release(true)).catch(() => {}),
        )
      : super.connect();
    return connected.then((client) => {
      const release = client.release;
      let released = false;
      const checkout = watchTimeouts(client, watch);
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
function watchTimeouts(client: pg.PoolClient, watch: StallWatch | null): { timedOut: boolean } {
  const known = watched.get(client);
  if (known) return known;
  const state = { timedOut: false };
  watched.set(client, state);
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    // The callback form is not drizzle's; it goes straight through.
    if (typeof args[args.length - 1] === "function") return query(...args);
    // Once a query of this checkout timed out, the connection still owes its answer and every
    // later query would queue behind it for a timeout of its own (a transaction's ROLLBACK
    // doubled a frozen database's wait): they fail at once, and the client is discarded.
    if (state.timedOut) {
      return Promise.reject(new Error("Query read timeout (an earlier query of this connection timed out)"));
    }
    const run = () =>
      (query(...args) as Promise<unknown>).catch((err: unknown) => {
        if (err instanceof Error && /Query read timeout/.test(err.message)) state.timedOut = true;
        throw err;
      });
    if (!watch) return run();
    return watch.query(run, () => {
      state.timedOut = true;
    });
  }) as typeof client.query;
  return state;
}

/**
 * Timeouts for a database that stops answering (decision record 014, issue 30 item 9). A frozen
 * server cannot enforce its own statement_timeout, so the client has its own, a little longer.
 * Opening a connection has a short limit of its own; waiting for a free place in the pool a long
 * one, so a queue of bookings under load is served, not refused. A frozen database is told from a
 * busy one by the stall watch (stall-watch.ts): after `stallMs` without an answer while anyone
 * waits, everyone waiting is answered 503. Configurable: DB_* in src/server/lib/config.ts.
 */
export type DatabaseTimeouts = {
  connectMs: number;
  poolWaitMs: number;
  statementMs: number;
  queryMs: number;
  idleInTransactionMs: number;
  /** Silence (a third) plus an unanswered probe (two thirds) after which the database counts as frozen. */
  stallMs: number;
  pingMs: number;
};

/** How much longer than the server's statement_timeout the client waits for an answer. */
const CLIENT_MARGIN_MS = 2_000;

/** The defaults, the same as config.ts's. */
export const DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5_000,
  poolWaitMs: 30_000,
  statementMs: 10_000,
  queryMs: 10_000 + CLIENT_MARGIN_MS,
  idleInTransactionMs: 15_000,
  stallMs: 1_500,
  /** /api/health answers 503 after this, whatever the pool is doing. */
  pingMs: 1_200,
};

function databaseTimeouts(given: OpenOptions["timeouts"] = {}): DatabaseTimeouts {
  const statementMs = given.statementMs ?? DATABASE_TIMEOUTS.statementMs;
  return {
    ...DATABASE_TIMEOUTS,
    connectMs: given.connectMs ?? DATABASE_TIMEOUTS.connectMs,
    poolWaitMs: given.poolWaitMs ?? DATABASE_TIMEOUTS.poolWaitMs,
    stallMs: given.stallMs ?? DATABASE_TIMEOUTS.stallMs,
    statementMs,
    queryMs: statementMs + CLIENT_MARGIN_MS,
  };
}

/** The pool's clients: the pool's own connectionTimeoutMillis is its queue wait, this the connect. */
/**
 * The pool's clients: a bound on connecting, and the app's repeated statements named so that each
 * connection parses and plans them once (named-statements.ts); the bulk loads' are left unnamed.
 */
function timedClient(connectMs: number, nameStatements: boolean) {
  const name = statementNamer();
  return class TimedClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectMs });
      if (!nameStatements) return;
      const query = this.query.bind(this) as (...args: unknown[]) => unknown;
      this.query = ((config: unknown, ...rest: unknown[]) =>
        query(withStatementName(config, name), ...rest)) as typeof this.query;
    }
  };
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: connection timeout after ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The app's own name; bulk loads (the bench's seeds, long statements) are not the app. */
const appConnectionName = (longStatements: boolean) =>
  longStatements ? "venue-bulk-load" : `${APP_CONNECTION_NAME} pid ${process.pid}`;

async function openPostgres(
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
export function lockDataDir(dataDir: string): () => void {
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
    timeouts: DATABASE_TIMEOUTS,
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
