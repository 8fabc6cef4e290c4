import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { passwordHashing } from "../../../src/server/auth/password-hashing";
import { present } from "../../../src/server/lib/present";
import { createTestApp, errorOf, type TestApp, type TestUser, testClock } from "../kits/harness";
import { testServerUrl } from "../kits/test-databases";

// ISSUE 12 "Safe to deploy": login throttling must take the attempt's place atomically before the
// password is hashed. Before, it counted earlier failures and recorded this one after verifying,
// so 500 wrong passwords sent at once were all checked (limit 5), each costing a full hash.

const LIMIT_PER_ACCOUNT_AND_ADDRESS = 5;
const THROTTLED = "Too many sign-in attempts. Please wait 15 minutes and try again.";
const ATTACKER = "203.0.113.66";
const OWNER = "198.51.100.31";

describe("login throttling under a burst", () => {
  const clock = testClock("2026-05-04T15:00:00Z");
  let t: TestApp;
  let member: TestUser;
  beforeEach(async () => {
    clock.set("2026-05-04T15:00:00Z");
    t = await createTestApp({ now: clock.now });
    member = await t.createMember();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });

  it("500 parallel wrong passwords: at most 5 are verified, the rest answer 429, 5 hashes at most", async () => {
    const verify = vi.spyOn(passwordHashing, "verify");
    const attacker = t.client({ ip: ATTACKER });

    const responses = await Promise.all(
      Array.from({ length: 500 }, (_, i) => attacker.signIn(member.email, `wrong-guess-${i}`)),
    );

    const statuses = responses.map((r) => r.status);
    const checked = statuses.filter((s) => s === 401).length;
    const refused = statuses.filter((s) => s === 429).length;
    expect({ checked, refused, other: 500 - checked - refused }).toEqual({
      checked: LIMIT_PER_ACCOUNT_AND_ADDRESS,
      refused: 500 - LIMIT_PER_ACCOUNT_AND_ADDRESS,
      other: 0,
    });
    expect(verify.mock.calls.length).toBeLessThanOrEqual(LIMIT_PER_ACCOUNT_AND_ADDRESS);
    const refusal = present(
      responses.find((r) => r.status === 429),
      "a 429 refusal",
    );
    expect((await errorOf(refusal)).message).toBe(THROTTLED);
    // The owner, elsewhere, is not locked out by the burst.
    expect((await t.client({ ip: OWNER }).signIn(member.email, member.password)).status).toBe(200);
  });

  it("the owner signing in from home does not wipe the count an attacker built up elsewhere", async () => {
    const attacker = t.client({ ip: ATTACKER });
    for (let i = 0; i < LIMIT_PER_ACCOUNT_AND_ADDRESS - 1; i++) {
      expect((await attacker.signIn(member.email, `wrong-guess-${i}`)).status).toBe(401);
    }
    clock.advance(60_000);
    expect((await t.client({ ip: OWNER }).signIn(member.email, member.password)).status).toBe(200);
    clock.advance(60_000);

    expect((await attacker.signIn(member.email, "wrong-guess-last")).status).toBe(401);
    const next = await attacker.signIn(member.email, "one-more-guess");

    expect(next.status).toBe(429);
    expect((await errorOf(next)).message).toBe(THROTTLED);
  });
});

// ISSUE 30 item 3: each of 500 parallel wrong sign-ins held one of the pool's connections while it
// waited for the account's advisory lock, so another visitor's availability waited up to 17.5 s
// and /api/health answered 503. Now the throttle's turn is taken in the process first (a queue per
// account, holding nothing) and sign-in holds at most a fixed share of the pool.
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

// PostgreSQL only: the embedded database has one connection and no pool to starve.
describe.skipIf(!testServerUrl())("a burst of sign-ins beside everyone else (PostgreSQL's pool)", () => {
  it("500 parallel wrong sign-ins on one account: no request ever queues for a connection and sign-in never holds the whole pool (the visitor's p99 and health reported)", {
    timeout: 120_000,
  }, async () => {
    const t = await createTestApp({ now: () => new Date("2026-05-04T15:00:00Z") });
    try {
      await t.seedFacilities();
      const member = await t.createMember();
      const visitor = t.client({ ip: "198.51.100.77" });
      const availability = () =>
        visitor.get("/api/booking/availability?facilityType=court&date=2026-05-06&duration=60");
      expect((await availability()).status).toBe(200);

      let maxWaiting = 0;
      let maxInUse = 0;
      const sampler = setInterval(() => {
        const usage = t.deps.database.poolUsage();
        maxWaiting = Math.max(maxWaiting, usage.waiting);
        maxInUse = Math.max(maxInUse, usage.total - usage.idle);
      }, 2);
      const attacker = t.client({ ip: ATTACKER });
      let burstOver = false;
      const burst = Promise.all(
        Array.from({ length: 500 }, (_, i) => attacker.signIn(member.email, `wrong-guess-${i}`)),
      ).finally(() => {
        burstOver = true;
      });

      const visitorMs: number[] = [];
      const healthStatuses: number[] = [];
      const reads = (async () => {
        while (!burstOver) {
          const started = performance.now();
          const response = await availability();
          await response.arrayBuffer();
          visitorMs.push(performance.now() - started);
          expect(response.status).toBe(200);
        }
      })();
      const probes = (async () => {
        while (!burstOver) {
          healthStatuses.push((await t.request("/api/health")).status);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      const responses = await burst;
      await Promise.all([reads, probes]);
      clearInterval(sampler);

      const statuses = responses.map((r) => r.status);
      expect({
        checked: statuses.filter((s) => s === 401).length,
        refused: statuses.filter((s) => s === 429).length,
      }).toEqual({ checked: LIMIT_PER_ACCOUNT_AND_ADDRESS, refused: 500 - LIMIT_PER_ACCOUNT_AND_ADDRESS });
      // What starved the pool is asserted: no caller ever waited for a connection, and sign-in
      // never held the whole pool. The visitor's p99 and health's answers are timings of the
      // machine too (a ping gives up after 1.2 s on a starved CPU), so they are reported here,
      // not asserted: on an idle machine p99 is far under 500 ms and health 200 throughout.
      expect(maxWaiting, "callers queued for a connection").toBe(0);
      expect(maxInUse).toBeLessThan(t.deps.database.poolUsage().max);
      expect(healthStatuses.length).toBeGreaterThan(0);
      expect(visitorMs.length).toBeGreaterThan(0);
      console.info("during 500 wrong sign-ins", {
        visitorReads: visitorMs.length,
        visitorP99Ms: Math.round(percentile(visitorMs, 99)),
        healthNot200: healthStatuses.filter((s) => s !== 200).length,
        healthProbes: healthStatuses.length,
      });
    } finally {
      await t.close();
    }
  });
});
