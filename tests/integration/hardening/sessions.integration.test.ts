import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../../src/server/db/schema";
import { present } from "../../../src/server/lib/present";
import { createTestApp, type TestApp, type TestUser } from "../kits/harness";

// Issue 7 hardening: sessions. A fresh session id on every sign-in, never one the browser
// brought (fixation); sign-out, a password change and a password reset end sessions on the
// server, so a copied cookie replayed later is anonymous; the cookie is out of scripts' reach
// (HttpOnly), not sent on cross-site subrequests (SameSite=Lax), and Secure in production.
// Neighbours: sign-in.integration.test.ts (cookie flags in development, sign-out on every
// device, frozen accounts), profile.integration.test.ts and password-reset.integration.test.ts
// (which sessions a change or a reset ends, seen from the browsers that hold them).

type SessionCookie = { name: string; value: string; line: string };

/** The session cookie a response sets, if any. */
function sessionCookieSet(response: Response): SessionCookie | undefined {
  const line = response.headers.getSetCookie().find((l) => /session_token=/.test(l));
  if (!line) return undefined;
  const pair = present(line.split(";")[0]);
  const eq = pair.indexOf("=");
  return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), line };
}

/** Signs in on a bare request (no cookie jar) and returns the session cookie it set. */
async function signInCookie(t: TestApp, user: TestUser, cookieHeader?: string): Promise<SessionCookie> {
  const response = await t.request("/api/session/sign-in", {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookieHeader ? { cookie: cookieHeader } : {}) },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(response.status).toBe(200);
  const body = await response.text();
  const cookie = sessionCookieSet(response);
  expect(cookie, "a session cookie").toBeDefined();
  // The token lives in the HttpOnly cookie only, never in a body a script could read.
  expect(body).not.toContain(present(cookie).value.split(".")[0]);
  return present(cookie);
}

/** Who the server says a raw cookie belongs to, as a stranger replaying it would see. */
async function whoIs(t: TestApp, cookie: SessionCookie | string): Promise<string | null> {
  const header = typeof cookie === "string" ? cookie : `${cookie.name}=${cookie.value}`;
  const session = await t.request("/api/session", { headers: { cookie: header } });
  expect(session.status).toBe(200);
  const { user } = (await session.json()) as { user: { email: string } | null };
  const profile = await t.request("/api/me/profile", { headers: { cookie: header } });
  expect(profile.status, "the profile agrees with the session").toBe(user ? 200 : 401);
  return user?.email ?? null;
}

const sessionRows = (t: TestApp, userId: string) =>
  t.db.select().from(sessions).where(eq(sessions.userId, userId));

describe("session ids", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it("are new on every sign-in, long and random, one server-side session each", async () => {
    const member = await t.createMember();
    const cookies = [
      await signInCookie(t, member),
      await signInCookie(t, member),
      await signInCookie(t, member),
    ];

    expect(new Set(cookies.map((c) => c.value)).size).toBe(3);
    const rows = await sessionRows(t, member.id);
    expect(rows).toHaveLength(3);
    for (const cookie of cookies) {
      const [token, signature] = cookie.value.split(".");
      expect(present(token).length).toBeGreaterThanOrEqual(32);
      expect(signature, "the cookie is signed").toBeTruthy();
      expect(rows.map((r) => r.token)).toContain(token);
      expect(await whoIs(t, cookie)).toBe(member.email);
    }
  });

  it("never adopt a cookie planted before sign-in (session fixation)", async () => {
    const victim = await t.createMember();
    const attacker = await t.createGuestUser();

    // A value the attacker made up: replaced by a fresh one, and worthless afterwards.
    const planted = "better-auth.session_token=attacker-chosen-session-id.c2lnbmF0dXJl";
    const fresh = await signInCookie(t, victim, planted);
    expect(fresh.value).not.toContain("attacker-chosen-session-id");
    expect(await whoIs(t, planted)).toBeNull();
    expect(await whoIs(t, fresh)).toBe(victim.email);

    // The attacker's own, valid session planted in the victim's browser: the victim gets a new
    // session, and the attacker's cookie never becomes the victim's.
    const attackers = await signInCookie(t, attacker);
    const victims = await signInCookie(t, victim, `${attackers.name}=${attackers.value}`);
    expect(victims.value).not.toBe(attackers.value);
    expect(await whoIs(t, victims)).toBe(victim.email);
    expect(await whoIs(t, attackers)).toBe(attacker.email);
  });

  it("change when a signed-in browser signs in as someone else", async () => {
    const first = await t.createMember();
    const second = await t.createAdmin();
    const before = await signInCookie(t, first);
    const after = await signInCookie(t, second, `${before.name}=${before.value}`);
    expect(after.value).not.toBe(before.value);
    expect(await whoIs(t, after)).toBe(second.email);
    expect(await whoIs(t, before)).not.toBe(second.email);
  });

  it("are anonymous when tampered with or forged", async () => {
    const member = await t.createMember();
    const cookie = await signInCookie(t, member);
    const [token, signature = ""] = cookie.value.split(".");
    const flip = (s: string) => s.slice(0, -2) + (s.at(-2) === "A" ? "B" : "A") + s.at(-1);
    for (const forged of [
      `${flip(present(token))}.${signature}`,
      `${token}.${flip(signature)}`,
      present(token),
      `${token}.`,
      "",
      "%00",
    ]) {
      expect(await whoIs(t, `${cookie.name}=${forged}`), forged).toBeNull();
    }
    expect(await whoIs(t, cookie)).toBe(member.email);
  });
});

describe("sessions end on the server", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it("at sign-out: a copy of the cookie replayed afterwards is anonymous, and the browser's cookie is expired", async () => {
    const member = await t.createMember();
    const cookie = await signInCookie(t, member);
    const copy = await signInCookie(t, member);

    const out = await t.request("/api/session/sign-out", {
      method: "POST",
      headers: { cookie: `${cookie.name}=${cookie.value}` },
    });
    expect(out.status).toBe(200);
    const cleared = sessionCookieSet(out);
    expect(cleared?.value ?? "").toBe("");
    expect(cleared?.line).toMatch(/;\s*Max-Age=0/i);

    expect(await whoIs(t, cookie)).toBeNull();
    expect(await whoIs(t, copy)).toBeNull();
    expect(await sessionRows(t, member.id)).toEqual([]);
  });

  it("at a password change: every other session's cookie, replayed, is anonymous; the changer's stays", async () => {
    const member = await t.createMember();
    const changer = await signInCookie(t, member);
    const others = [await signInCookie(t, member), await signInCookie(t, member)];

    const response = await t.request("/api/me/password", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `${changer.name}=${changer.value}` },
      body: JSON.stringify({
        currentPassword: member.password,
        newPassword: "hardening-pass-2",
        confirmPassword: "hardening-pass-2",
      }),
    });
    expect(response.status).toBe(200);

    for (const other of others) expect(await whoIs(t, other)).toBeNull();
    expect(await whoIs(t, changer)).toBe(member.email);
    expect((await sessionRows(t, member.id)).map((r) => r.token)).toEqual([changer.value.split(".")[0]]);
  });

  it("at a password reset: every session's cookie, replayed, is anonymous", async () => {
    const member = await t.createMember();
    const cookies = [await signInCookie(t, member), await signInCookie(t, member)];

    expect((await t.client().post("/api/password/forgot", { email: member.email })).status).toBe(200);
    const [email] = await t.emailsTo(member.email);
    const link = email?.textBody.match(/reset-password\?token=([^&\s]+)&email=(\S+)/);
    expect(link, "a reset link in the email").toBeTruthy();
    const reset = await t.client().post("/api/password/reset", {
      token: decodeURIComponent(present(present(link)[1])),
      email: decodeURIComponent(present(present(link)[2])),
      password: "hardening-reset-3",
      confirmPassword: "hardening-reset-3",
    });
    expect(reset.status).toBe(200);

    for (const cookie of cookies) expect(await whoIs(t, cookie)).toBeNull();
    expect(await sessionRows(t, member.id)).toEqual([]);
  });
});

describe("the session cookie's attributes", () => {
  it("in development: HttpOnly, SameSite=Lax, the whole site's path, a bounded lifetime", async () => {
    const t = await createTestApp();
    try {
      const member = await t.createMember();
      const { line } = await signInCookie(t, member);
      expect(line).toMatch(/;\s*HttpOnly/i);
      expect(line).toMatch(/;\s*SameSite=Lax/i);
      expect(line).toMatch(/;\s*Path=\/(;|$)/i);
      const maxAge = Number(line.match(/;\s*Max-Age=(\d+)/i)?.[1]);
      expect(maxAge).toBeGreaterThan(0);
      expect(maxAge).toBeLessThanOrEqual(60 * 60 * 24 * 30);
    } finally {
      await t.close();
    }
  });

  it("in production over https: also Secure, with the __Host- prefix, when set and when cleared", async () => {
    const t = await createTestApp({ env: { NODE_ENV: "production", PUBLIC_URL: "https://venue.example" } });
    try {
      const member = await t.createMember();
      const cookie = await signInCookie(t, member);
      expect(cookie.name).toMatch(/^__Host-/);
      expect(cookie.line).toMatch(/;\s*Secure(;|$)/i);
      expect(cookie.line).toMatch(/;\s*HttpOnly/i);
      expect(cookie.line).toMatch(/;\s*SameSite=Lax/i);
      expect(await whoIs(t, cookie)).toBe(member.email);

      const out = await t.request("/api/session/sign-out", {
        method: "POST",
        headers: { cookie: `${cookie.name}=${cookie.value}` },
      });
      expect(out.status).toBe(200);
      for (const line of out.headers.getSetCookie()) expect(line).toMatch(/;\s*Secure(;|$)/i);
      expect(await whoIs(t, cookie)).toBeNull();
    } finally {
      await t.close();
    }
  });
});
