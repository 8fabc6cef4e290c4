import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type TestApp, type TestClient, type TestUser } from "./kits/harness";

// SPEC §2 My Profile: names and phone (US, stored +1XXXXXXXXXX), and Change Password.

const INVALID_PHONE =
  "Invalid phone number. Please enter a valid 10-digit US phone number (e.g. (512) 555-0142).";

describe("my profile", () => {
  // One database for these tests; each has its own member, so none sees another's changes.
  let t: TestApp;
  let member: TestUser;
  let browser: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(async () => {
    member = await t.createMember({ firstName: "Casey", lastName: "Nguyen", phone: "+15125550111" });
    browser = await t.signIn(member.email, member.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  const profile = async (client = browser) => {
    const response = await client.get("/api/me/profile");
    expect(response.status).toBe(200);
    return ((await response.json()) as { user: Record<string, unknown> }).user;
  };

  it("shows the signed-in user's details", async () => {
    expect(await profile()).toEqual({
      id: member.id,
      email: member.email,
      firstName: "Casey",
      lastName: "Nguyen",
      phone: "+15125550111",
      isMember: true,
      isAdmin: false,
      staffRole: null,
    });
  });

  it("is for signed-in users only", async () => {
    expect((await t.client().get("/api/me/profile")).status).toBe(401);
    expect((await t.client().patch("/api/me/profile", { firstName: "A", lastName: "B" })).status).toBe(401);
  });

  it.each([
    { typed: "(312) 555-0100", stored: "+13125550100" },
    { typed: "312.555.0100", stored: "+13125550100" },
    { typed: "+1 312 555 0100", stored: "+13125550100" },
    { typed: "", stored: null },
  ])("saves names and the phone '$typed' as $stored", async ({ typed, stored }) => {
    const response = await browser.patch("/api/me/profile", {
      firstName: "  Jamie ",
      lastName: "Ortiz",
      phone: typed,
    });

    expect(response.status).toBe(200);
    const expected = { firstName: "Jamie", lastName: "Ortiz", phone: stored, email: member.email };
    expect(((await response.json()) as { user: unknown }).user).toMatchObject(expected);
    expect(await profile()).toMatchObject(expected);
    expect(await browser.sessionUser()).toMatchObject(expected);
  });

  it.each(["555-0100", "312-555-01000", "2312 555 0100"])(
    "refuses the phone '%s' with the spec's message and changes nothing",
    async (phone) => {
      const response = await browser.patch("/api/me/profile", {
        firstName: "Jamie",
        lastName: "Ortiz",
        phone,
      });

      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe(INVALID_PHONE);
      expect(await profile()).toMatchObject({
        firstName: "Casey",
        lastName: "Nguyen",
        phone: "+15125550111",
      });
    },
  );

  it("requires both names", async () => {
    const response = await browser.patch("/api/me/profile", { firstName: " ", lastName: "Ortiz" });

    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe("First name is required");
    expect(await profile()).toMatchObject({ firstName: "Casey" });
  });
});

describe("change password", () => {
  let t: TestApp;
  let member: TestUser;
  beforeEach(async () => {
    t = await createTestApp();
    member = await t.createMember();
  });
  afterEach(async () => {
    await t?.close();
  });

  it("changes the password, keeps this session and ends the others", async () => {
    const laptop = await t.signIn(member.email, member.password);
    const phone = await t.signIn(member.email, member.password);

    const response = await laptop.post("/api/me/password", {
      currentPassword: member.password,
      newPassword: "fresh-password-1",
      confirmPassword: "fresh-password-1",
    });

    expect(response.status).toBe(200);
    expect(await laptop.sessionUser()).toMatchObject({ email: member.email });
    expect(await phone.sessionUser()).toBeNull();
    expect((await t.client().signIn(member.email, member.password)).status).toBe(401);
    expect((await t.client().signIn(member.email, "fresh-password-1")).status).toBe(200);
  });

  it.each([
    {
      case: "new passwords that differ",
      next: "fresh-password-1",
      confirm: "fresh-password-2",
      message: "New passwords do not match",
    },
    {
      case: "a short password",
      next: "short",
      confirm: "short",
      message: "Password must be at least 6 characters",
    },
  ])("refuses $case and keeps the old password", async ({ next, confirm, message }) => {
    const laptop = await t.signIn(member.email, member.password);
    const phone = await t.signIn(member.email, member.password);

    const response = await laptop.post("/api/me/password", {
      currentPassword: member.password,
      newPassword: next,
      confirmPassword: confirm,
    });

    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(message);
    expect(await phone.sessionUser()).not.toBeNull();
    expect((await t.client().signIn(member.email, member.password)).status).toBe(200);
  });

  it("is for signed-in users only", async () => {
    const response = await t.client().post("/api/me/password", {
      currentPassword: member.password,
      newPassword: "fresh-password-1",
      confirmPassword: "fresh-password-1",
    });
    expect(response.status).toBe(401);
  });
});
