import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc, eq, type SQL } from "drizzle-orm";
import { inject } from "vitest";
import { createApp } from "../../../src/server/app";
import { createDeps } from "../../../src/server/bootstrap";
import type { Db } from "../../../src/server/db/client";
import { emailOutbox } from "../../../src/server/db/schema";
import { DEMO_USERS, seedDatabase, seedFacilities } from "../../../src/server/demo/seed";
import type { AppDeps } from "../../../src/server/deps";
import { loadConfig } from "../../../src/server/lib/config";
import { createLogger } from "../../../src/server/lib/logger";
import { present } from "../../../src/server/lib/present";
import { createAdmin, createGuestUser, createMember, type UserOverrides } from "./factories";
import { type ClientOptions, TestClient, visitorAddress } from "./test-client";
import { databaseUrl, dropDatabase, onServer, quoteIdentifier, testServerUrl } from "./test-databases";

export { DEFAULT_PASSWORD, type TestUser, type UserOverrides, uniqueEmail } from "./factories";
export { type ClientOptions, errorOf, type SessionUserBody, TestClient } from "./test-client";

export type TestAppOptions = {
  /** The app's clock (deps.now); see testClock(). better-auth's own expiry checks keep the real clock. */
  now?: () => Date;
  /** Settings on top of the test defaults, as environment variables (e.g. STRIPE_API_BASE). */
  env?: Record<string, string | undefined>;
  /**
   * Runs on the test's fresh database before the app opens it (a CLI in another process, a
   * restore). On PGlite only one process may hold the data folder, so this is the moment.
   */
  beforeOpen?: (database: { url: string | null; dataDir: string }) => Promise<void>;
};

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The whole server against its own fresh, migrated database: a copy of the run's template
 * (global-setup.ts), on PostgreSQL when TEST_DATABASE_URL is set, on the embedded PGlite otherwise.
 * Call close() when done; it drops the copy.
 */
export async function createTestApp(options: TestAppOptions = {}) {
  const database = await createTestDatabase();
  let deps: AppDeps;
  try {
    await options.beforeOpen?.({ url: database.url, dataDir: database.dataDir });
    const config = loadConfig({
      NODE_ENV: "test",
      TRUST_PROXY: "true",
      LOG_LEVEL: "silent",
      PUBLIC_URL: "http://localhost:3000",
      DATA_DIR: database.dataDir,
      // Fixed, so no secret file is written; sessions live in each test's own database anyway.
      AUTH_SECRET: "integration-tests-only-secret-0123456789abcdef",
      // Every answer against its contract (NODE_ENV=test's default, named here): drift fails a test.
      CHECK_RESPONSES: "true",
      ...options.env,
    });
    const logger = createLogger(process.env.TEST_LOG_LEVEL ?? config.LOG_LEVEL);
    deps = await createDeps(config, logger, { databaseUrl: database.url, now: options.now, transport: null });
  } catch (err) {
    await database.drop();
    throw err;
  }
  const app = createApp(deps, { serveClient: false });
  const db = deps.db;

  return {
    app,
    deps,
    db,
    /** Where this test's data lives: the PostgreSQL copy's URL (null on PGlite) and DATA_DIR. */
    location: { url: database.url, dataDir: database.dataDir },
    /** A guest request without cookies, each from a visitor of its own (see TestClient). */
    request: (path: string, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      if (!headers.has("x-forwarded-for")) headers.set("x-forwarded-for", visitorAddress());
      return app.request(path, { ...init, headers });
    },
    /** A new visitor with an empty cookie jar. */
    client: (clientOptions?: ClientOptions) => new TestClient(app, clientOptions),
    /** A new visitor, signed in; fails the test when sign-in does not answer 200. */
    async signIn(email: string, password: string, clientOptions?: ClientOptions) {
      const client = new TestClient(app, clientOptions);
      const response = await client.signIn(email, password);
      if (response.status !== 200) {
        throw new Error(`Sign-in of ${email} answered ${response.status}: ${await response.text()}`);
      }
      return client;
    },
    createMember: (overrides?: UserOverrides) => createMember(db, overrides),
    createAdmin: (overrides?: UserOverrides) => createAdmin(db, overrides),
    createGuestUser: (overrides?: UserOverrides) => createGuestUser(db, overrides),
    /** Courts 1–8, dart bays 1–4 and the opening hours. */
    seedFacilities: () => seedFacilities(db),
    /** The full demo dataset (facilities, demo users, coupons, reservations, events), dated from deps.now(). */
    seedDemo: () => seedDatabase(db, deps.auth, deps.now()),
    emailsTo: (address: string) => emailsTo(db, address),
    async close() {
      try {
        await deps.outbox.stop();
        await deps.database.close();
      } finally {
        await database.drop();
      }
    },
  };
}

/** The demo accounts seedDemo() creates, by role. */
export const demoUsers = {
  admin: present(DEMO_USERS.find((u) => u.role.startsWith("admin"))),
  member: present(DEMO_USERS.find((u) => u.role === "member")),
  frozen: present(DEMO_USERS.find((u) => u.role === "frozen member")),
};

type TestDatabase = { url: string | null; dataDir: string; drop: () => Promise<void> };

/** A folder for DATA_DIR (the PGlite copy, stored files) and, on PostgreSQL, a copied database. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const runDir = inject("testRunDir") ?? tmpdir();
  const dataDir = mkdtempSync(join(runDir, "app-"));
  const removeDir = async () => rmSync(dataDir, { recursive: true, force: true });
  const serverUrl = testServerUrl();
  if (serverUrl) {
    const url = await copyPostgresTemplate(serverUrl);
    return { url: url.url, dataDir, drop: () => url.drop().finally(removeDir) };
  }
  // Without global-setup's template (a run outside the integration project), PGlite starts from scratch.
  const templateDir = inject("pgliteTemplateDir");
  if (templateDir) cpSync(templateDir, dataDir, { recursive: true });
  return { url: null, dataDir, drop: removeDir };
}

async function copyPostgresTemplate(serverUrl: string) {
  const template = inject("testDatabaseTemplate");
  const prefix = inject("testDatabasePrefix");
  if (!template || !prefix) {
    throw new Error("TEST_DATABASE_URL is set but global-setup provided no template database");
  }
  const name = `${prefix}${randomBytes(6).toString("hex")}`;
  await onServer(serverUrl, (client) =>
    client.query(`CREATE DATABASE ${quoteIdentifier(name)} TEMPLATE ${quoteIdentifier(template)}`),
  );
  return {
    url: databaseUrl(serverUrl, name),
    drop: () => onServer(serverUrl, (client) => dropDatabase(client, name)),
  };
}

/** The emails queued for an address, oldest first (the outbox is the app's only way to send mail). */
export function emailsTo(db: Db, address: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address)).orderBy(asc(emailOutbox.id));
}

/** A clock a test can move: pass clock.now to createTestApp({ now }). */
export function testClock(start: Date | string = new Date()) {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set(to: Date | string) {
      current = new Date(to).getTime();
    },
    advance(ms: number) {
      current += ms;
    },
  };
}

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`, which the shared Db type hides. */
export async function queryRows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The SQLSTATE of a failed query, whichever driver raised it (drizzle wraps the driver's error
 * in `cause`): "23P01" exclusion violation, "23514" check violation, "23505" unique violation.
 */
export function sqlState(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Awaits a query expected to fail and returns its SQLSTATE; fails the test if it succeeded. */
export async function failureState(query: PromiseLike<unknown>): Promise<string | undefined> {
  try {
    await query;
  } catch (err) {
    return sqlState(err);
  }
  throw new Error("Expected the query to fail, but it succeeded");
}
