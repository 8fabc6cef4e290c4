import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sessions, users } from "../../src/server/db/schema";
import { present } from "../../src/server/lib/present";
import { createTestApp, demoUsers, errorOf, type TestApp } from "./kits/harness";

// SPEC §2 Login / Sign Out, §6 frozen accounts.

const FROZEN = "Your account is currently frozen. Please contact support.";

function sessionCookieLine(response: Response): string | undefined {
  return response.headers.getSetCookie().find((line) => /session_token=[^;]+/.test(line));
}

describe("sign in", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
    await t.seedDemo();
  });
  afterEach(async () => {
    await t?.close();
  });

  it.each([
    // Issue 33: the demo's admin is the venue's owner.
    { who: "admin", account: demoUsers.admin, isAdmin: true, staffRole: "owner", isMember: true },
    { who: "member", account: demoUsers.member, isAdmin: false, staffRole: null, isMember: true },
  ])("signs in the seeded $who with an HttpOnly, SameSite=Lax session cookie", async (row) => {
    const browser = t.client();
    expect(await browser.sessionUser()).toBeNull();

    const response = await browser.signIn(row.account.email, row.account.password);

    expect(response.status).toBe(200);
    const cookie = sessionCookieLine(response);
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(await browser.sessionUser()).toMatchObject({
      email: row.account.email,
      firstName: row.account.firstName,
      lastName: row.account.lastName,
      isAdmin: row.isAdmin,
      staffRole: row.staffRole,
      isMember: row.isMember,
    });
  });

  it("accepts the email in any case and with surrounding spaces", async () => {
    const response = await t
      .client()
      .signIn(`  ${demoUsers.member.email.toUpperCase()} `, demoUsers.member.password);
    expect(response.status).toBe(200);
  });

  it("answers a wrong password and an unknown email alike, with no session", async () => {
    const wrongPassword = await t.client().signIn(demoUsers.member.email, "not-the-password");
    const unknownEmail = await t.client().signIn("nobody@backspin-social.example", "whatever1");

    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.status).toBe(401);
      expect(sessionCookieLine(response)).toBeUndefined();
      expect(await errorOf(response)).toMatchObject({ message: "Invalid email or password" });
    }
  });

  it.each([
    { case: "an empty email", email: "", password: "demo-member-2026" },
    { case: "a blank email", email: "   ", password: "demo-member-2026" },
    { case: "an empty password", email: "member@backspin-social.example", password: "" },
  ])("asks for both fields when given $case", async ({ email, password }) => {
    const response = await t.client().signIn(email, password);

    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe("Please enter both email and password");
  });

  it("refuses a frozen member with the spec's message and creates no session", async () => {
    const browser = t.client();
    const response = await browser.signIn(demoUsers.frozen.email, demoUsers.frozen.password);

    expect(response.status).toBe(403);
    expect((await errorOf(response)).message).toBe(FROZEN);
    expect(sessionCookieLine(response)).toBeUndefined();
    expect(await browser.sessionUser()).toBeNull();
    const frozen = await t.db.query.users.findFirst({ where: eq(users.email, demoUsers.frozen.email) });
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, present(frozen).id)),
    ).toEqual([]);
  });

  it("ends the session of a member who is frozen while signed in, for good", async () => {
    const browser = await t.signIn(demoUsers.member.email, demoUsers.member.password);
    expect(await browser.sessionUser()).not.toBeNull();

    await t.db.update(users).set({ isFrozen: true }).where(eq(users.email, demoUsers.member.email));
    expect(await browser.sessionUser()).toBeNull();
    expect((await browser.get("/api/me/profile")).status).toBe(401);

    // Unfreezing does not bring the old cookie back to life; the member signs in again.
    await t.db.update(users).set({ isFrozen: false }).where(eq(users.email, demoUsers.member.email));
    expect(await browser.sessionUser()).toBeNull();
  });
});

describe("sign out", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t?.close();
  });

  it("ends every session of the user, on every device, and only theirs", async () => {
    const member = await t.createMember();
    const other = await t.createMember();
    const laptop = await t.signIn(member.email, member.password);
    const phone = await t.signIn(member.email, member.password);
    const someoneElse = await t.signIn(other.email, other.password);
    expect((await phone.get("/api/me/profile")).status).toBe(200);

    const response = await laptop.signOut();

    expect(response.status).toBe(200);
    expect(laptop.cookieHeader ?? "").not.toMatch(/session_token/);
    for (const browser of [laptop, phone]) {
      expect(await browser.sessionUser()).toBeNull();
      expect((await browser.get("/api/me/profile")).status).toBe(401);
    }
    expect(await someoneElse.sessionUser()).toMatchObject({ email: other.email });
  });

  it("is harmless for a guest", async () => {
    const response = await t.client().signOut();
    expect(response.status).toBe(200);
  });
});
