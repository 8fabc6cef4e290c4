import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AvailabilityResponse } from "../../src/contracts/booking";
import { createApp } from "../../src/server/app";
import { createDeps } from "../../src/server/bootstrap";
import type { AppDeps } from "../../src/server/deps";
import type { ScheduleChange } from "../../src/server/kernel/schedule/schedule-changes";
import { loadConfig } from "../../src/server/lib/config";
import { createLogger } from "../../src/server/lib/logger";
import { present } from "../../src/server/lib/present";
import { createHoldOk, holdBody, item, MONDAY, NOW } from "./kits/booking-test-kit";
import { createTestApp, type TestApp, testClock } from "./kits/harness";
import { testServerUrl } from "./kits/test-databases";

// Two instances of the app on one PostgreSQL database, each with a long-lived availability cache:
// a schedule change made through one clears the other's cache and every cache registered with it
// (schedule-changes.ts). PGlite is one process's own database, so this runs on PostgreSQL only.
const clock = testClock(NOW);
let a: TestApp;
let other: AppDeps;
let otherApp: ReturnType<typeof createApp>;
const heard: ScheduleChange[] = [];

beforeAll(async () => {
  if (!testServerUrl()) return;
  const env = { AVAILABILITY_CACHE_MS: "60000" };
  a = await createTestApp({ now: clock.now, env });
  await a.seedFacilities();
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:3000",
    DATA_DIR: a.location.dataDir,
    AUTH_SECRET: "integration-tests-only-secret-0123456789abcdef",
    ...env,
  });
  other = await createDeps(config, createLogger("silent"), {
    databaseUrl: a.location.url,
    now: clock.now,
    transport: null,
  });
  other.schedule.onChange((change) => heard.push(change));
  otherApp = createApp(other, { serveClient: false });
});
afterAll(async () => {
  await other?.outbox.stop();
  await other?.database.close();
  await a?.close();
});

async function freeOnOtherAt(start: string): Promise<number> {
  const response = await otherApp.request(
    `/api/booking/availability?facilityType=court&date=${MONDAY}&duration=60`,
  );
  expect(response.status).toBe(200);
  const body = (await response.json()) as AvailabilityResponse;
  return present(body.slots.find((s) => s.startTime === start)).availableFacilities;
}

async function until(condition: () => Promise<boolean> | boolean, ms = 2000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!(await condition()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  return condition();
}

describe.skipIf(!testServerUrl())("a schedule change in one instance (PostgreSQL)", () => {
  it("clears another instance's availability cache and the caches registered there", async () => {
    expect(await freeOnOtherAt("12:00")).toBe(8);
    const hold = await createHoldOk(
      a.client(),
      holdBody({ items: [item({ startTime: "12:00", duration: 60 })] }),
    );
    expect(await until(async () => (await freeOnOtherAt("12:00")) === 7)).toBe(true);
    expect(heard).toContain("places-taken");

    heard.length = 0;
    const cancelled = await a.client().post("/api/booking/holds/cancel", {
      holdId: hold.holdId,
      holdToken: hold.holdToken,
    });
    expect(cancelled.status).toBe(200);
    expect(await until(async () => (await freeOnOtherAt("12:00")) === 8)).toBe(true);
    expect(heard).toContain("any");
  });
});
