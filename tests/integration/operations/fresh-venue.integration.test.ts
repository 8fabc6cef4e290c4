import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, inject, it, vi } from "vitest";
import type { AvailabilityResponse } from "../../../src/contracts/booking";
import { DEFAULT_FACILITIES, DEFAULT_OPENING_HOURS } from "../../../src/domain/facilities";
import { addDaysToDate, venueToday } from "../../../src/domain/venue-time";
import type { Db } from "../../../src/server/db/client";
import { openDatabase } from "../../../src/server/db/open-database";
import {
  bookingRules,
  courts,
  dartBays,
  membershipPlans,
  operatingHours,
  rateCards,
} from "../../../src/server/db/schema";
import { migrationsDir } from "../../../src/server/lib/paths";
import { createTestApp } from "../kits/harness";
import { runCli } from "../kits/run-cli";
import { type ServerProcess, startServerProcess, stopServerProcess } from "../kits/server-process";
import { databaseUrl, dropDatabase, onServer, quoteIdentifier, testServerUrl } from "../kits/test-databases";

// Issue 31 item 5: a new production venue is set up from the admin alone after create-admin, so its
// database starts with a bookable venue (the spec's courts, bays and hours: migration 0027), and
// no later start changes what the owner has made of it.

const serverUrl = testServerUrl();
const PRODUCTION = {
  NODE_ENV: "production",
  AUTH_SECRET: "fresh-venue-test-secret-0123456789abcdef0123",
  PUBLIC_URL: "https://venue.example",
  TEST_CHECKOUT: "true",
};

type Target = { env: Record<string, string>; drop: () => Promise<void> };
const targets: Target[] = [];
afterEach(async () => {
  for (const target of targets.splice(0)) await target.drop();
});

// Each test starts the server up to three times; a busy 2-core machine may take a while for each.
vi.setConfig({ testTimeout: 240_000 });

/** A database nobody has touched: no tables at all (PostgreSQL), or an empty data folder (embedded). */
async function blankDatabase(): Promise<Target> {
  const dataDir = mkdtempSync(join(inject("testRunDir") ?? tmpdir(), "fresh-"));
  const removeDir = async () => rmSync(dataDir, { recursive: true, force: true });
  let target: Target = { env: { DATABASE_URL: "", DATA_DIR: dataDir }, drop: removeDir };
  if (serverUrl) {
    const name = `${inject("testDatabasePrefix")}${randomBytes(6).toString("hex")}`;
    await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${quoteIdentifier(name)}`));
    target = {
      env: { DATABASE_URL: databaseUrl(serverUrl, name), DATA_DIR: dataDir },
      drop: () => onServer(serverUrl, (client) => dropDatabase(client, name)).finally(removeDir),
    };
  }
  targets.push(target);
  return target;
}

async function withDatabase<T>(target: Target, run: (db: Db) => Promise<T>): Promise<T> {
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

/** Everything a venue is set up with (the rules an owner edits in Settings). */
const venueSetup = (db: Db) =>
  Promise.all([
    db.select().from(courts).orderBy(asc(courts.id)),
    db.select().from(dartBays).orderBy(asc(dartBays.id)),
    db.select().from(operatingHours).orderBy(asc(operatingHours.dayOfWeek)),
    db.select().from(rateCards).orderBy(asc(rateCards.facilityType)),
    db.select().from(membershipPlans).orderBy(asc(membershipPlans.id)),
    db.select().from(bookingRules),
  ]);

/** The most courts (or bays) free at one time tomorrow, as the booking screen asks. */
async function mostFreeTomorrow(started: ServerProcess, facilityType: "court" | "dart_bay") {
  const tomorrow = addDaysToDate(venueToday(new Date()), 1);
  const response = await fetch(
    `http://127.0.0.1:${started.port}/api/booking/availability?facilityType=${facilityType}&date=${tomorrow}&duration=60`,
  );
  expect(response.status).toBe(200);
  const { slots } = (await response.json()) as AvailabilityResponse;
  return Math.max(0, ...slots.map((s) => s.availableFacilities));
}

describe("a fresh production venue", () => {
  it("after create-admin starts bookable with the spec's courts, bays and hours; a second start changes nothing", async () => {
    const target = await blankDatabase();
    const env = { ...PRODUCTION, ...target.env };
    const admin = await runCli("create-admin", ["--email", "owner@example.test", "--name", "Olive Owner"], {
      env,
      stdin: "a-long-venue-owner-secret\n",
    });
    expect(admin.code, admin.stderr).toBe(0);

    // Two processes at once on PostgreSQL (as venue@3001 and venue@3002 start); the embedded
    // database allows one.
    const first = await Promise.all(Array.from({ length: serverUrl ? 2 : 1 }, () => startServerProcess(env)));
    try {
      for (const started of first) {
        expect(started.port, started.output).toBeGreaterThan(0);
        expect(await mostFreeTomorrow(started, "court")).toBe(DEFAULT_FACILITIES.court.length);
        expect(await mostFreeTomorrow(started, "dart_bay")).toBe(DEFAULT_FACILITIES.dart_bay.length);
      }
    } finally {
      await Promise.all(first.map(stopServerProcess));
    }

    const [courtRows, bayRows, hours] = await withDatabase(target, venueSetup);
    expect(courtRows.map((c) => [c.id, c.name, c.isActive])).toEqual(
      DEFAULT_FACILITIES.court.map((name, i) => [i + 1, name, true]),
    );
    expect(bayRows.map((b) => b.name)).toEqual(DEFAULT_FACILITIES.dart_bay);
    expect(hours.map((h) => [h.dayOfWeek, h.opensAt.slice(0, 5), h.closesAt.slice(0, 5)])).toEqual(
      DEFAULT_OPENING_HOURS.map((h) => [...h]),
    );

    // The owner's edits (a renamed court, Sundays closed) survive the next start untouched.
    const edited = await withDatabase(target, async (db) => {
      await db.update(courts).set({ name: "Centre Court" }).where(eq(courts.id, 1));
      await db.delete(operatingHours).where(eq(operatingHours.dayOfWeek, 0));
      return venueSetup(db);
    });
    const second = await startServerProcess(env);
    try {
      expect(second.port, second.output).toBeGreaterThan(0);
    } finally {
      await stopServerProcess(second);
    }
    expect(await withDatabase(target, venueSetup)).toEqual(edited);
  });
});

describe("migration 0027 (the venue's defaults)", () => {
  const defaults = readFileSync(join(migrationsDir, "0027_venue_defaults.sql"), "utf8");

  it("adds nothing to a venue that has its own courts, or hours, and nothing when run again", async () => {
    const t = await createTestApp();
    try {
      const run = () => t.db.execute(sql.raw(defaults));
      const count = async () =>
        (
          await Promise.all([
            t.db.select().from(courts),
            t.db.select().from(dartBays),
            t.db.select().from(operatingHours),
          ])
        ).map((rows) => rows.length);
      await run();
      expect(await count()).toEqual([8, 4, 7]);

      // A venue of three courts, no bays and no hours yet: left as it is.
      await t.db.delete(operatingHours);
      await t.db.delete(courts);
      await t.db.delete(dartBays);
      await t.db.insert(courts).values([1, 2, 3].map((id) => ({ id, name: `Field ${id}`, sortOrder: id })));
      await run();
      expect(await count()).toEqual([3, 0, 0]);

      // No court and no bay, but its own hours: the courts and bays come, the hours stay its own.
      await t.db.delete(courts);
      await t.db.insert(operatingHours).values({ dayOfWeek: 3, opensAt: "12:00", closesAt: "18:00" });
      await run();
      await run();
      expect(await count()).toEqual([8, 4, 1]);
    } finally {
      await t.close();
    }
  });
});
