import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { present } from "../../src/server/lib/present";
import { createTestApp, errorOf, type TestApp, type TestUser, testClock } from "./kits/harness";

// SPEC §2 Forgot Password / Set New Password: a single-use link, valid for an hour, that ends
// every session of the account.

const INVALID_LINK = "Invalid or expired reset link. Please request a new one.";
const NEW_PASSWORD = "brand-new-secret";

describe("password reset", () => {
  const clock = testClock();
  let t: TestApp;
  let member: TestUser;
  beforeEach(async () => {
    clock.set(new Date());
    t = await createTestApp({ now: clock.now });
    member = await t.createMember({ firstName: "Robin" });
  });
  afterEach(async () => {
    await t?.close();
  });

  /** Asks for a reset as the user would, and reads the link from the queued email. */
  async function requestLink(email: string) {
    const response = await t.client().post("/api/password/forgot", { email });
    expect(response.status).toBe(200);
    const emails = await t.emailsTo(email);
    const text = emails.at(-1)?.textBody ?? "";
    const match = text.match(/(\S+)\/reset-password\?token=([^&\s]+)&email=(\S+)/);
    if (!match) throw new Error(`No reset link in the email: ${text}`);
    return {
      base: present(match[1]),
      token: decodeURIComponent(present(match[2])),
      email: decodeURIComponent(present(match[3])),
      subject: present(emails.at(-1)).subject,
    };
  }

  const reset = (body: { token: string; email: string; password: string; confirmPassword: string }) =>
    t.client().post("/api/password/reset", body);

  it("emails a link to the reset page carrying the token and the email", async () => {
    const link = await requestLink(member.email);

    expect(link.base).toBe("http://localhost:3000");
    expect(link.email).toBe(member.email);
    expect(link.token.length).toBeGreaterThan(10);
    expect(link.subject).toMatch(/reset/i);
  });

  it("answers an unknown email the same way, and sends nothing", async () => {
    const known = await t.client().post("/api/password/forgot", { email: member.email });
    const unknown = await t.client().post("/api/password/forgot", { email: "stranger@example.test" });

    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    expect(await t.emailsTo("stranger@example.test")).toEqual([]);
  });

  it("sets the new password once, ending every existing session", async () => {
    const signedIn = await t.signIn(member.email, member.password);
    const link = await requestLink(member.email);

    const response = await reset({ ...link, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });

    expect(response.status).toBe(200);
    expect(await signedIn.sessionUser()).toBeNull();
    expect((await t.client().signIn(member.email, member.password)).status).toBe(401);
    expect((await t.client().signIn(member.email, NEW_PASSWORD)).status).toBe(200);

    const again = await reset({ ...link, password: "third-password", confirmPassword: "third-password" });
    expect(again.status).toBe(400);
    expect((await errorOf(again)).message).toBe(INVALID_LINK);
    expect((await t.client().signIn(member.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("refuses a link older than an hour", async () => {
    const link = await requestLink(member.email);
    clock.advance(61 * 60_000);

    const response = await reset({ ...link, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });

    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(INVALID_LINK);
    expect((await t.client().signIn(member.email, member.password)).status).toBe(200);
  });

  it("refuses a token whose stored expiry has passed", async () => {
    const link = await requestLink(member.email);
    await t.db.execute(sql`update verifications set expires_at = now() - interval '1 minute'`);

    const response = await reset({ ...link, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });

    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(INVALID_LINK);
  });

  it("refuses a link whose email is not the token's account", async () => {
    const other = await t.createMember();
    const link = await requestLink(member.email);

    const response = await reset({
      ...link,
      email: other.email,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });

    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(INVALID_LINK);
    expect((await t.client().signIn(other.email, other.password)).status).toBe(200);
    expect((await t.client().signIn(member.email, member.password)).status).toBe(200);
  });

  it.each([
    {
      case: "passwords that differ",
      password: "new-secret-1",
      confirm: "new-secret-2",
      message: "Passwords do not match",
    },
    {
      case: "a short password",
      password: "abc12",
      confirm: "abc12",
      message: "Password must be at least 6 characters",
    },
  ])("refuses $case and keeps the link usable", async ({ password, confirm, message }) => {
    const link = await requestLink(member.email);

    const response = await reset({ ...link, password, confirmPassword: confirm });

    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(message);
    expect((await t.client().signIn(member.email, member.password)).status).toBe(200);
    const retry = await reset({ ...link, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(retry.status).toBe(200);
  });
});
