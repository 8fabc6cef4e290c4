import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { passwordHashing } from "../../../src/server/auth/password-hashing";
import { present } from "../../../src/server/kernel/present";
import { createTestApp, errorOf, type TestApp, type TestUser, testClock } from "../harness";

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
