import { hashPassword as scryptHash } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts } from "../../../src/server/db/schema";
import { present } from "../../../src/server/lib/present";
import { createTestApp, errorOf, type TestApp, type TestUser, uniqueEmail } from "../kits/harness";

// ISSUE 12 "Safe to deploy", accounts (DECISIONS.md Passwords; docs/decisions/015):
// - one length rule (6–128) for signup, change, reset and sign-in, so nobody can set a password
//   that sign-in then refuses;
// - passwords from a common-password list are refused;
// - changing the password asks for the current one (ASVS 6.2.3);
// - hashes are argon2id with OWASP's parameters, and old scrypt hashes are upgraded at sign-in.

const TOO_LONG = "Password must be at most 128 characters";
const TOO_COMMON = "This password is too common. Please choose one that is harder to guess.";
const WRONG_CURRENT = "Current password is incorrect";
const ARGON2ID_OWASP = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;

const longPassword = (length: number) => "long-pass-".repeat(30).slice(0, length);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.seedFacilities();
});
afterAll(async () => {
  await t?.close();
});

async function storedHash(userId: string): Promise<string> {
  const [row] = await t.db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  return row?.password ?? "";
}

async function resetLink(email: string) {
  await t.client().post("/api/password/forgot", { email });
  const text = (await t.emailsTo(email)).at(-1)?.textBody ?? "";
  const match = text.match(/reset-password\?token=([^&\s]+)&email=(\S+)/);
  if (!match) throw new Error(`No reset link in the email: ${text}`);
  return {
    token: decodeURIComponent(present(match[1], "reset token")),
    email: decodeURIComponent(present(match[2], "reset email")),
  };
}

const signup = (password: string) =>
  t.client().post("/api/membership/checkout", {
    email: uniqueEmail("joiner"),
    plan: "monthly",
    firstName: "Jamie",
    lastName: "Joiner",
    phone: "(512) 555-0199",
    password,
  });

describe("one password length rule everywhere", () => {
  it.each([129, 200, 256])("refuses a %i-character password at signup, change and reset", async (length) => {
    const member = await t.createMember();
    const password = longPassword(length);

    const atSignup = await signup(password);
    const browser = await t.signIn(member.email, member.password);
    const atChange = await browser.post("/api/me/password", {
      currentPassword: member.password,
      newPassword: password,
      confirmPassword: password,
    });
    const atReset = await t.client().post("/api/password/reset", {
      ...(await resetLink(member.email)),
      password,
      confirmPassword: password,
    });

    for (const response of [atSignup, atChange, atReset]) {
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe(TOO_LONG);
    }
    expect((await t.client().signIn(member.email, member.password)).status).toBe(200);
  });

  it("accepts a 128-character password, and sign-in accepts it too", async () => {
    const member = await t.createMember();
    const password = longPassword(128);
    const browser = await t.signIn(member.email, member.password);

    const response = await browser.post("/api/me/password", {
      currentPassword: member.password,
      newPassword: password,
      confirmPassword: password,
    });

    expect(response.status).toBe(200);
    expect((await t.client().signIn(member.email, password)).status).toBe(200);
  });
});

describe("common passwords", () => {
  it.each(["123456", "password", "aaaaaa", "Password1", "qwerty123", "iloveyou"])(
    "refuses %s at signup, change and reset",
    async (password) => {
      const member = await t.createMember();
      const browser = await t.signIn(member.email, member.password);

      const atSignup = await signup(password);
      const atChange = await browser.post("/api/me/password", {
        currentPassword: member.password,
        newPassword: password,
        confirmPassword: password,
      });
      const atReset = await t.client().post("/api/password/reset", {
        ...(await resetLink(member.email)),
        password,
        confirmPassword: password,
      });

      for (const response of [atSignup, atChange, atReset]) {
        expect(response.status).toBe(400);
        expect((await errorOf(response)).message).toBe(TOO_COMMON);
      }
      expect((await t.client().signIn(member.email, password)).status).toBe(401);
    },
  );
});

describe("changing the password asks for the current one", () => {
  let member: TestUser;
  beforeAll(async () => {
    member = await t.createMember();
  });

  it("refuses a stolen session that does not know the current password", async () => {
    const thief = await t.signIn(member.email, member.password);

    const without = await thief.post("/api/me/password", {
      newPassword: "taken-over-42",
      confirmPassword: "taken-over-42",
    });
    const wrong = await thief.post("/api/me/password", {
      currentPassword: "a-good-guess-1",
      newPassword: "taken-over-42",
      confirmPassword: "taken-over-42",
    });

    expect(without.status).toBe(400);
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).message).toBe(WRONG_CURRENT);
    expect((await t.client().signIn(member.email, "taken-over-42")).status).toBe(401);
    expect((await t.client().signIn(member.email, member.password)).status).toBe(200);
  });

  it("throttles guesses of the current password like sign-in (5, then 429)", async () => {
    const victim = await t.createMember();
    const thief = await t.signIn(victim.email, victim.password);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await thief.post("/api/me/password", {
        currentPassword: `guess-number-${i}`,
        newPassword: "taken-over-42",
        confirmPassword: "taken-over-42",
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it("changes it when the current password is given", async () => {
    const owner = await t.signIn(member.email, member.password);

    const response = await owner.post("/api/me/password", {
      currentPassword: member.password,
      newPassword: "owner-choice-42",
      confirmPassword: "owner-choice-42",
    });

    expect(response.status).toBe(200);
    expect((await t.client().signIn(member.email, "owner-choice-42")).status).toBe(200);
  });
});

describe("password hashes", () => {
  it("stores argon2id with OWASP's parameters for new and changed passwords", async () => {
    const member = await t.createMember();
    expect(await storedHash(member.id)).toMatch(ARGON2ID_OWASP);

    const browser = await t.signIn(member.email, member.password);
    await browser.post("/api/me/password", {
      currentPassword: member.password,
      newPassword: "changed-pass-77",
      confirmPassword: "changed-pass-77",
    });

    expect(await storedHash(member.id)).toMatch(ARGON2ID_OWASP);
  });

  it("upgrades an old scrypt hash at the next successful sign-in, and not on a wrong password", async () => {
    const member = await t.createMember({ email: uniqueEmail("legacy") });
    const legacy = await scryptHash(member.password);
    await t.db.update(accounts).set({ password: legacy }).where(eq(accounts.userId, member.id));

    expect((await t.client().signIn(member.email, "not-my-password")).status).toBe(401);
    expect(await storedHash(member.id)).toBe(legacy);

    expect((await t.client().signIn(member.email, member.password)).status).toBe(200);
    expect(await storedHash(member.id)).toMatch(ARGON2ID_OWASP);
    expect((await t.client().signIn(member.email, member.password)).status).toBe(200);
  });
});
