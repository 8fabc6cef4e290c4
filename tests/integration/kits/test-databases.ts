import pg from "pg";

// Test databases (CONVENTIONS.md "Tests"): global-setup migrates one template per run, and every
// test app gets its own copy, so tests never see each other's rows and may run at once.
// PostgreSQL copies with CREATE DATABASE … TEMPLATE; PGlite copies its data folder, which is
// several times faster than starting and migrating a new in-memory PGlite for every test.

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated template database of this run; absent on the embedded PGlite. */
    testDatabaseTemplate?: string;
    /** Every per-test database of this run starts with it, so teardown can drop leftovers. */
    testDatabasePrefix?: string;
    /** A migrated PGlite data folder (DATA_DIR) to copy; absent on PostgreSQL. */
    pgliteTemplateDir?: string;
    /** A temporary folder for this run, removed at teardown: each test app's DATA_DIR goes in it. */
    testRunDir?: string;
  }
}

/** The server to test against (e.g. postgres://postgres@127.0.0.1:5432/test), or null for PGlite. */
export function testServerUrl(): string | null {
  return process.env.TEST_DATABASE_URL?.trim() || null;
}

/** The same server, another database. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** Database names are generated here, never typed by a user; still, only plain identifiers pass. */
export function quoteIdentifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Unexpected database name: ${name}`);
  return `"${name}"`;
}

/** Runs statements on the server's own database (CREATE/DROP DATABASE cannot run in the target). */
export async function onServer<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  // FORCE (PostgreSQL 13+) ends any connection a crashed test left open.
  await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
}
