import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { PASSWORD_TOO_SHORT_MESSAGE } from "../../../src/domain/password";
import { createAdminAccount } from "../../../src/server/cli/create-admin-account";
import { users } from "../../../src/server/db/schema";
import { createTestApp, type TestApp, uniqueEmail } from "../kits/harness";
import { type CliResult, cliEnv, runCli } from "../kits/run-cli";

// The first admin of a real venue comes from `create-admin` in a terminal (docs/deployment.md).
describe("create-admin", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("creates an admin from the terminal who can sign in and reach the admin pages", async () => {
    const email = uniqueEmail("owner");
    let result: CliResult | undefined;
    t = await createTestApp({
      beforeOpen: async (location) => {
        result = await runCli("create-admin", ["--email", email.toUpperCase(), "--name", "Dana  Lee Hart"], {
          env: cliEnv(location),
          stdin: "a-long-venue-secret\n",
        });
      },
    });

    expect(result?.stderr).toBe("");
    expect(result?.code).toBe(0);
    expect(result?.stdout).toContain(`Admin account created: ${email}`);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    // Issue 33: the terminal makes the venue's owner.
    expect(row).toMatchObject({
      isAdmin: true,
      staffRole: "owner",
      firstName: "Dana",
      lastName: "Lee Hart",
      isMember: false,
    });

    const admin = await t.signIn(email, "a-long-venue-secret");
    expect((await admin.request("/api/admin/members")).status).toBe(200);
    expect((await t.client().signIn(email, "a-long-venue-secre")).status).toBe(401);
  });

  it("never takes the password on the command line", async () => {
    let result: CliResult | undefined;
    t = await createTestApp({
      beforeOpen: async (location) => {
        result = await runCli(
          "create-admin",
          ["--email", "x@example.test", "--name", "X Y", "--password", "a-long-venue-secret"],
          { env: cliEnv(location), stdin: "a-long-venue-secret\n" },
        );
      },
    });
    expect(result?.code).toBe(1);
    expect(result?.stderr).toContain("never taken on the command line");
    expect(await t.db.select().from(users).where(eq(users.email, "x@example.test"))).toEqual([]);
  });

  it("refuses an email that already has an account, and changes nothing", async () => {
    t = await createTestApp();
    const member = await t.createMember();
    await expect(
      createAdminAccount(t.db, {
        email: ` ${member.email.toUpperCase()} `,
        name: "Eve Intruder",
        password: "another-password",
      }),
    ).rejects.toThrow(`An account with the email ${member.email} already exists`);

    const [row] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({ isAdmin: false, firstName: member.firstName });
    expect((await t.client().signIn(member.email, "another-password")).status).toBe(401);
    expect((await t.client().signIn(member.email, member.password)).status).toBe(200);
  });

  it("applies the sign-up password rule and checks the email and name", async () => {
    t = await createTestApp();
    const email = uniqueEmail("short");
    await expect(createAdminAccount(t.db, { email, name: "Sam Short", password: "12345" })).rejects.toThrow(
      PASSWORD_TOO_SHORT_MESSAGE,
    );
    await expect(
      createAdminAccount(t.db, {
        email,
        name: "Sam Short",
        password: "long-enough-1",
        confirm: "long-enough-2",
      }),
    ).rejects.toThrow("Passwords do not match");
    await expect(
      createAdminAccount(t.db, { email: "not-an-email", name: "Sam", password: "long-enough" }),
    ).rejects.toThrow("Not a valid email address");
    await expect(createAdminAccount(t.db, { email, name: "   ", password: "long-enough" })).rejects.toThrow(
      "full name is required",
    );
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });
});
