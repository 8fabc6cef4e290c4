import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, inArray } from "drizzle-orm";
import { afterEach, describe, expect, inject, it, vi } from "vitest";
import { openDatabase } from "../../../src/server/db/open-database";
import { couponCodes, courts, events, reservations, users } from "../../../src/server/db/schema";
import { DEMO_USERS, seedDatabase } from "../../../src/server/demo/seed";
import { present } from "../../../src/server/lib/present";
import { createAdmin, createMember } from "../kits/factories";
import { serverEntry } from "../kits/server-entries";
import { databaseUrl, dropDatabase, onServer, quoteIdentifier, testServerUrl } from "../kits/test-databases";

// Issue 12 "Safe to deploy": the server as an operator starts it (src/server/main.ts in its own
// process, bundled as the release is: server-entries.ts), on PostgreSQL when TEST_DATABASE_URL is
// set and on the embedded database otherwise.

const serverUrl = testServerUrl();
const DEMO_EMAILS = DEMO_USERS.map((u) => u.email);
const PRODUCTION = {
  NODE_ENV: "production",
  AUTH_SECRET: "production-start-test-secret-0123456789abcdef",
  PUBLIC_URL: "https://venue.example",
  PORT: "0",
  LOG_LEVEL: "info",
};

type Target = { env: Record<string, string>; drop: () => Promise<void> };
const targets: Target[] = [];
afterEach(async () => {
  for (const target of targets.splice(0)) await target.drop();
});

/** A migrated database with no data: a copy of the run's template. */
async function emptyDatabase(): Promise<Target> {
  const dataDir = mkdtempSync(join(inject("testRunDir") ?? tmpdir(), "start-"));
  let target: Target;
  if (serverUrl) {
    const name = `${inject("testDatabasePrefix")}${randomBytes(6).toString("hex")}`;
    await onServer(serverUrl, (client) =>
      client.query(
        `CREATE DATABASE ${quoteIdentifier(name)} TEMPLATE ${quoteIdentifier(present(inject("testDatabaseTemplate"), "template database"))}`,
      ),
    );
    target = {
      env: { DATABASE_URL: databaseUrl(serverUrl, name), DATA_DIR: dataDir },
      drop: async () => {
        await onServer(serverUrl, (client) => dropDatabase(client, name));
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } else {
    const template = inject("pgliteTemplateDir");
    if (template) cpSync(template, dataDir, { recursive: true });
    target = {
      env: { DATABASE_URL: "", DATA_DIR: dataDir },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  targets.push(target);
  return target;
}

/** Opens the target's database in this process (the embedded one only while no server holds it). */
async function withDatabase<T>(
  target: Target,
  run: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>,
) {
  const database = await openDatabase({
    url: target.env.DATABASE_URL || undefined,
    dataDir: target.env.DATA_DIR,
    poolSize: 2,
  });
  try {
    return await run(database.db);
  } finally {
    await database.close();
  }
}

type Started = {
  output: string;
  port: number | null;
  host: string | null;
  exitCode: number | null;
  child: ChildProcess;
};

/** Runs a server-side entry point ("main", "cli/<name>"); resolves once it logs "listening" or exits. */
function run(entry: string, env: Record<string, string>, timeoutMs = 90_000): Promise<Started> {
  const child = spawn(process.execPath, [serverEntry(entry)], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      TZ: "UTC",
      LOG_FORMAT: "json",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${entry} neither listened nor exited within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      for (const line of output.split("\n")) {
        if (!line.includes('"msg":"listening"')) continue;
        const log = JSON.parse(line) as { port: number; host: string };
        clearTimeout(timer);
        resolve({ output, port: log.port, host: log.host, exitCode: null, child });
        return;
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ output, port: null, host: null, exitCode: code, child });
    });
  });
}

async function stop(started: Started) {
  if (started.exitCode !== null || started.child.exitCode !== null) return;
  const exited = new Promise((resolve) => started.child.on("exit", resolve));
  started.child.kill("SIGTERM");
  await exited;
}

const startServer = (env: Record<string, string>) => run("main", env);

const demoAccounts = (target: Target) =>
  withDatabase(target, async (db) =>
    (await db.select({ email: users.email }).from(users).where(inArray(users.email, DEMO_EMAILS))).map(
      (u) => u.email,
    ),
  );

/** The addresses a TCP port listens on, from the kernel's own table (no traffic sent anywhere). */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  const found: string[] = [];
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let table = "";
    try {
      table = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const line of table.trim().split("\n").slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      const [address, localPort] = present(local, "local address").split(":");
      if (localPort === hexPort && state === "0A") found.push(present(address, "listening address"));
    }
  }
  return found;
}

// A test starts the server up to four times; a busy 2-core machine may take a while for each.
vi.setConfig({ testTimeout: 240_000 });

describe("a production start", () => {
  it("never seeds the demo venue, even with SEED_ON_EMPTY=true (what npm start used to set)", async () => {
    const target = await emptyDatabase();
    const started = await startServer({ ...PRODUCTION, ...target.env, SEED_ON_EMPTY: "true" });
    await stop(started);
    expect(await demoAccounts(target)).toEqual([]);
    expect(started.exitCode).toBe(1);
    expect(started.output).toContain("SEED_ON_EMPTY: demo data never goes into a production database");
  });

  it("on an empty database comes up with no accounts at all, and warns that online payment is unavailable", async () => {
    const target = await emptyDatabase();
    const started = await startServer({ ...PRODUCTION, ...target.env });
    try {
      expect(started.port, started.output).toBeGreaterThan(0);
      expect(started.host).toBe("0.0.0.0");
      const health = await fetch(`http://127.0.0.1:${started.port}/api/health`);
      expect(health.status).toBe(200);
      expect(started.output).toMatch(/"level":40,[^\n]*online payment is unavailable/);
    } finally {
      await stop(started);
    }
    const [row] = await withDatabase(target, (db) => db.select({ n: count() }).from(users));
    expect(present(row, "user count").n).toBe(0);
  });

  it("refuses without PUBLIC_URL, or with a plain-http one, naming it", async () => {
    const target = await emptyDatabase();
    const { PUBLIC_URL: _, ...withoutUrl } = PRODUCTION;
    const missing = await startServer({ ...withoutUrl, ...target.env });
    await stop(missing);
    expect(missing.exitCode).toBe(1);
    expect(missing.output).toContain("PUBLIC_URL: required when NODE_ENV=production");
    const plain = await startServer({ ...PRODUCTION, ...target.env, PUBLIC_URL: "http://venue.example" });
    await stop(plain);
    expect(plain.exitCode).toBe(1);
    expect(plain.output).toContain("PUBLIC_URL: must start with https://");
  });

  it("refuses while demo accounts are present, says how to remove them, and npm run db:remove-demo does so keeping the venue's own data", async () => {
    const target = await emptyDatabase();
    const realMember = await withDatabase(target, async (db) => {
      await seedDatabase(db, null, new Date());
      return createMember(db, { email: "real-member@example.test" });
    });
    expect((await demoAccounts(target)).sort()).toEqual([...DEMO_EMAILS].sort());

    const refused = await startServer({ ...PRODUCTION, ...target.env });
    await stop(refused);
    expect(refused.exitCode).toBe(1);
    expect(refused.port).toBeNull();
    expect(refused.output).toContain("admin@backspin-social.example");
    expect(refused.output).toContain("npm run db:remove-demo");

    // The bench's way in (it measures the production build on the demo venue), with a warning.
    const bench = await startServer({
      ...PRODUCTION,
      ...target.env,
      PUBLIC_URL: "http://127.0.0.1:3999",
      ALLOW_DEMO_DATA: "true",
    });
    await stop(bench);
    expect(bench.port, bench.output).toBeGreaterThan(0);
    expect(bench.output).toMatch(/"level":40,[^\n]*ALLOW_DEMO_DATA=true: for benchmarks only/);

    const removal = await run("cli/remove-demo", { ...target.env, LOG_LEVEL: "warn" });
    expect(removal.exitCode, removal.output).toBe(0);
    expect(removal.output).toContain("Removed the demo accounts");

    await withDatabase(target, async (db) => {
      const left = await db.select({ email: users.email }).from(users);
      expect(left.map((u) => u.email)).toEqual([realMember.email]);
      const [bookings] = await db.select({ n: count() }).from(reservations);
      const [demoEvents] = await db.select({ n: count() }).from(events);
      const [coupons] = await db.select({ n: count() }).from(couponCodes);
      const [courtRows] = await db.select({ n: count() }).from(courts);
      expect([
        present(bookings, "reservation count").n,
        present(demoEvents, "event count").n,
        present(coupons, "coupon count").n,
        present(courtRows, "court count").n,
      ]).toEqual([0, 0, 0, 8]);
    });

    const started = await startServer({ ...PRODUCTION, ...target.env });
    try {
      expect(started.port, started.output).toBeGreaterThan(0);
    } finally {
      await stop(started);
    }
  });
});

describe("a development start", () => {
  it("listens on 127.0.0.1 unless HOST is set, and the embedded demo seeds itself", async () => {
    const dataDir = mkdtempSync(join(inject("testRunDir") ?? tmpdir(), "dev-start-"));
    targets.push({ env: {}, drop: async () => rmSync(dataDir, { recursive: true, force: true }) });
    const started = await startServer({
      NODE_ENV: "development",
      PORT: "0",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
    });
    try {
      expect(started.port, started.output).toBeGreaterThan(0);
      expect(started.host).toBe("127.0.0.1");
      expect(listeningAddresses(present(started.port, "listening port"))).toEqual(["0100007F"]);
      const signIn = await fetch(`http://127.0.0.1:${started.port}/api/session/sign-in`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: DEMO_USERS[1].email, password: DEMO_USERS[1].password }),
      });
      expect(signIn.status).toBe(200);
    } finally {
      await stop(started);
    }
  });
});

describe("npm run manager-password while the server runs", () => {
  it("is in force at the next use, without a restart; the old password is refused", async () => {
    const target = await emptyDatabase();
    const [admin, member] = await withDatabase(
      target,
      async (db) =>
        [
          await createAdmin(db, { email: "desk-admin@example.test" }),
          await createMember(db, { email: "desk-member@example.test" }),
        ] as const,
    );
    const started = await startServer({
      NODE_ENV: "development",
      PORT: "0",
      LOG_LEVEL: "info",
      SEED_ON_EMPTY: "false",
      MANAGER_PASSWORD: "old-desk-secret",
      ...target.env,
    });
    try {
      expect(started.port, started.output).toBeGreaterThan(0);
      const base = `http://127.0.0.1:${started.port}`;
      const signIn = await fetch(`${base}/api/session/sign-in`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: admin.email, password: admin.password }),
      });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers
        .getSetCookie()
        .map((line) => line.split(";")[0])
        .join("; ");
      const freeze = (managerPassword: string, frozen: boolean) =>
        fetch(`${base}/api/admin/members/${member.id}/freeze`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie },
          body: JSON.stringify({ managerPassword, freeze: frozen }),
        });
      expect((await freeze("old-desk-secret", true)).status).toBe(200);

      const changed = await run("cli/manager-password", {
        ...target.env,
        MANAGER_PASSWORD: "new-desk-secret",
      });
      expect(changed.exitCode, changed.output).toBe(0);

      expect((await freeze("old-desk-secret", false)).status).toBe(403);
      expect((await freeze("new-desk-secret", false)).status).toBe(200);
    } finally {
      await stop(started);
    }
  });
});
