import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type TestApp, type TestUser, testClock } from "./kits/harness";

// Login throttling (src/server/auth/login-throttle.ts): 5 failures for one account from one
// address stop that pair for 15 minutes, without locking the real user out from elsewhere.

const THROTTLED = "Too many sign-in attempts. Please wait 15 minutes and try again.";
const ATTACKER = "203.0.113.7";
const OWNER = "198.51.100.20";

describe("login throttling", () => {
  const clock = testClock("2026-05-04T15:00:00Z");
  let t: TestApp;
  let member: TestUser;
  beforeEach(async () => {
    clock.set("2026-05-04T15:00:00Z");
    t = await createTestApp({ now: clock.now });
    member = await t.createMember();
  });
  afterEach(async () => {
    await t?.close();
  });

  async function failFiveTimes(email: string, ip: string) {
    const browser = t.client({ ip });
    for (let i = 0; i < 5; i++) {
      const response = await browser.signIn(email, `wrong-guess-${i}`);
      expect(response.status).toBe(401);
      expect((await errorOf(response)).message).toBe("Invalid email or password");
    }
    return browser;
  }

  it("stops the address after 5 wrong passwords, even when the 6th is right", async () => {
    const attacker = await failFiveTimes(member.email, ATTACKER);

    const response = await attacker.signIn(member.email, member.password);

    expect(response.status).toBe(429);
    expect((await errorOf(response)).message).toBe(THROTTLED);
    expect(await attacker.sessionUser()).toBeNull();
  });

  it("still lets the real user in from another address", async () => {
    await failFiveTimes(member.email, ATTACKER);

    const owner = t.client({ ip: OWNER });
    const response = await owner.signIn(member.email, member.password);

    expect(response.status).toBe(200);
    expect(await owner.sessionUser()).toMatchObject({ email: member.email });
  });

  it("lets the address try again once the 15 minutes have passed", async () => {
    const browser = await failFiveTimes(member.email, ATTACKER);
    clock.advance(14 * 60_000);
    expect((await browser.signIn(member.email, member.password)).status).toBe(429);

    clock.advance(2 * 60_000);
    const response = await browser.signIn(member.email, member.password);

    expect(response.status).toBe(200);
  });

  it("answers an unknown email exactly like a real account, so it reveals nothing", async () => {
    const unknown = "nobody-here@example.test";
    await failFiveTimes(unknown, ATTACKER);

    const forUnknown = await t.client({ ip: ATTACKER }).signIn(unknown, "another-guess");
    await failFiveTimes(member.email, ATTACKER);
    const forMember = await t.client({ ip: ATTACKER }).signIn(member.email, "another-guess");

    expect(forUnknown.status).toBe(429);
    expect(forMember.status).toBe(429);
    expect(await forUnknown.json()).toEqual(await forMember.json());
  });
});
