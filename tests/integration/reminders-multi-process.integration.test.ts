import { type ChildProcess, spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createInterface } from "node:readline";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { minutesOf, timeOf, venueInstant, venueNowTime, venueToday } from "../../src/domain/venue-time";
import type { Database } from "../../src/server/db/client";
import { openDatabase } from "../../src/server/db/open-database";
import { emailOutbox, reservations, smsOutbox, verifiedPhones } from "../../src/server/db/schema";
import { seedFacilities } from "../../src/server/demo/seed";
import { projectRoot } from "../../src/server/lib/paths";
import { present } from "../../src/server/lib/present";
import { closedPort, startFakeSmtp } from "./kits/fake-smtp";
import { createTestDatabase } from "./kits/harness";
import { serverEntry } from "./kits/server-entries";
import { testServerUrl } from "./kits/test-databases";

/**
 * ISSUE 15 item 3: two real server processes on one PostgreSQL database, both sweeping reminders
 * at start, both with SMTP and Twilio (a local fake of its API) configured, then restarted: the
 * reminder reaches the mail server once and Twilio once. Skipped on PGlite (one process's database).
 */
let database: Database;
let dropDatabase: () => Promise<void>;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let twilio: Server;
const twilioCalls: URLSearchParams[] = [];
const children: ChildProcess[] = [];
/** Reminder passes each instance has finished (its "background job done" debug lines). */
const reminderPasses: number[] = [];

async function startInstance(index: number, databaseUrl: string, dataDir: string): Promise<ChildProcess> {
  const port = await closedPort();
  const child = spawn(process.execPath, [serverEntry("main")], {
    cwd: projectRoot,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TZ: "UTC",
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      DATA_DIR: `${dataDir}/instance-${index}`,
      AUTH_SECRET: "reminder-process-tests-only-secret-0123456789",
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(smtp.port),
      MAIL_FROM: "venue@example.test",
      TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000002",
      TWILIO_AUTH_TOKEN: "fake-token",
      TWILIO_FROM: "+15125550100",
      TWILIO_API_BASE: `http://127.0.0.1:${(twilio.address() as AddressInfo).port}`,
      // Debug: each finished pass of a background job is a line, so the test can wait for them.
      LOG_LEVEL: "debug",
      LOG_FORMAT: "json",
    },
  });
  reminderPasses[index] = 0;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance ${index} did not start`)), 90_000);
    createInterface({ input: present(child.stdout) }).on("line", (line) => {
      if (line.includes('"msg":"background job done"') && line.includes('"job":"reminders"')) {
        reminderPasses[index] = (reminderPasses[index] ?? 0) + 1;
      }
      if (line.includes('"msg":"listening"')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr?.on("data", (chunk) => process.stderr.write(`[instance ${index}] ${chunk}`));
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`instance ${index} exited with ${code}`));
    });
  });
  children.push(child);
  return child;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every named instance has finished a reminders pass. */
const passesDone = (indexes: number[]) => indexes.every((i) => (reminderPasses[i] ?? 0) >= 1);

/** Nothing queued is waiting to be sent, by email or by SMS. */
async function outboxesIdle(): Promise<boolean> {
  const [emails, texts] = await Promise.all([
    database.db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.status, "pending")),
    database.db.select({ id: smsOutbox.id }).from(smsOutbox).where(eq(smsOutbox.status, "pending")),
  ]);
  return emails.length === 0 && texts.length === 0;
}

describe.skipIf(!testServerUrl())("reminders with two server processes (PostgreSQL only)", () => {
  let copy: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    copy = await createTestDatabase();
    dropDatabase = copy.drop;
    database = await openDatabase({ url: present(copy.url, "PostgreSQL database URL"), poolSize: 2 });
    await seedFacilities(database.db);
    // A booking about 20 hours ahead (inside the 24-hour lead), made two days ago, with SMS consent.
    let startsAt = new Date(Date.now() + 20 * 3_600_000);
    if (minutesOf(venueNowTime(startsAt)) > 22 * 60) startsAt = new Date(startsAt.getTime() - 3 * 3_600_000);
    const start = venueNowTime(startsAt);
    const date = venueToday(startsAt);
    expect(venueInstant(date, start).getTime()).toBeGreaterThan(Date.now());
    await database.db.insert(reservations).values({
      date,
      facilityType: "court",
      courtId: 2,
      duration: 30,
      startTime: start,
      endTime: timeOf(minutesOf(start) + 30),
      status: "confirmed",
      paymentStatus: "paid",
      customerName: "Two Process",
      customerEmail: "twice@example.test",
      customerPhone: "+15125550123",
      wantsSmsReminders: true,
      createdAt: new Date(Date.now() - 2 * 86_400_000),
    });
    // The player proved the phone with a texted code (issue 30 item 2).
    await database.db
      .insert(verifiedPhones)
      .values({ phone: "+15125550123", email: "twice@example.test", verifiedAt: new Date() });
    smtp = await startFakeSmtp();
    twilio = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        twilioCalls.push(new URLSearchParams(body));
        res.statusCode = 201;
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ sid: `SM${twilioCalls.length}`, status: "queued" }));
      });
    });
    await new Promise<void>((resolve) => twilio.listen(0, "127.0.0.1", resolve));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(children.map(stop));
    await smtp?.close();
    await new Promise<void>((resolve) => (twilio ? twilio.close(() => resolve()) : resolve()));
    await database?.close();
    await dropDatabase?.();
  }, 60_000);

  it("sends the reminder once by email and once by SMS, also after both restart", {
    timeout: 240_000,
  }, async () => {
    const url = present(copy.url, "PostgreSQL database URL");
    const first = await Promise.all([
      startInstance(0, url, copy.dataDir),
      startInstance(1, url, copy.dataDir),
    ]);
    // Both instances' passes at start are done and everything they queued has gone out.
    await waitFor(
      async () =>
        smtp.received.length >= 1 && twilioCalls.length >= 1 && passesDone([0, 1]) && (await outboxesIdle()),
      60_000,
      "the reminder, and both instances' passes",
    );
    await Promise.all(first.map(stop));
    // Restarted, both sweep again at start: nothing new goes out.
    const second = await Promise.all([
      startInstance(2, url, copy.dataDir),
      startInstance(3, url, copy.dataDir),
    ]);
    await waitFor(
      async () => passesDone([2, 3]) && (await outboxesIdle()),
      60_000,
      "the restarted instances' passes",
    );
    await Promise.all(second.map(stop));

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to.join(" ")).toContain("twice@example.test");
    expect(twilioCalls).toHaveLength(1);
    expect(twilioCalls[0]?.get("To")).toBe("+15125550123");
    expect(twilioCalls[0]?.get("Body")).toContain("To stop reminders");
    const rows = await database.db.select().from(smsOutbox);
    expect(rows.map((r) => r.status)).toEqual(["sent"]);
  });
});
