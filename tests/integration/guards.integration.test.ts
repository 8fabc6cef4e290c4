import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { reservations, users } from "../../src/server/db/schema";
import { createTestApp, errorOf, type TestApp } from "./kits/harness";

describe("role guards: the admin dashboard stats", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
    await t.seedFacilities();
  });
  afterEach(async () => {
    await t?.close();
  });

  it("asks a guest to sign in", async () => {
    const response = await t.client().get("/api/admin/stats");
    expect(response.status).toBe(401);
  });

  it("refuses a member", async () => {
    const member = await t.createMember();
    const browser = await t.signIn(member.email, member.password);

    const response = await browser.get("/api/admin/stats");

    expect(response.status).toBe(403);
    expect((await errorOf(response)).message).toBe("Access denied");
  });

  it("shows an admin the counts of live reservations and active members", async () => {
    const admin = await t.createAdmin();
    await t.createMember();
    await t.createMember({ membershipPlan: "annual" });
    await t.createMember({ isFrozen: true });
    await t.createGuestUser();
    const booking = {
      date: "2026-06-01",
      facilityType: "court",
      duration: 60,
      paymentStatus: "paid",
      customerName: "Jordan Park",
    } as const;
    await t.db.insert(reservations).values([
      { ...booking, courtId: 1, startTime: "10:00", endTime: "11:00", status: "confirmed" },
      { ...booking, courtId: 2, startTime: "10:00", endTime: "11:00", status: "pending" },
      { ...booking, courtId: 3, startTime: "10:00", endTime: "11:00", status: "cancelled" },
    ]);
    const browser = await t.signIn(admin.email, admin.password);

    const response = await browser.get("/api/admin/stats");

    expect(response.status).toBe(200);
    // SPEC §3 Dashboard stats: activeMembers is the length of the Active Members list, which shows
    // frozen members too (with their Frozen status).
    expect(await response.json()).toEqual({ totalReservations: 2, activeMembers: 3 });
  });

  it("takes a removed admin role away at once, without signing out", async () => {
    const admin = await t.createAdmin();
    const browser = await t.signIn(admin.email, admin.password);
    expect((await browser.get("/api/admin/stats")).status).toBe(200);

    await t.db.update(users).set({ staffRole: null }).where(eq(users.id, admin.id));

    expect((await browser.get("/api/admin/stats")).status).toBe(403);
  });
});

describe("cross-site request protection", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t?.close();
  });

  it.each<{ from: string; headers: Record<string, string> }>([
    { from: "another site's page", headers: { origin: "https://evil.example" } },
    { from: "a cross-site form without Origin", headers: { "sec-fetch-site": "cross-site" } },
  ])("refuses a state change from $from and changes nothing", async ({ headers }) => {
    const member = await t.createMember({ firstName: "Casey" });
    const browser = await t.signIn(member.email, member.password);

    const rename = await browser.patch(
      "/api/me/profile",
      { firstName: "Hacked", lastName: "Hacked" },
      { headers },
    );
    const password = await browser.post(
      "/api/me/password",
      { newPassword: "attacker-choice", confirmPassword: "attacker-choice" },
      { headers },
    );
    const signOut = await browser.post("/api/session/sign-out", undefined, { headers });

    for (const response of [rename, password, signOut]) expect(response.status).toBe(403);
    expect(await browser.sessionUser()).toMatchObject({ firstName: "Casey" });
    expect((await t.client().signIn(member.email, member.password)).status).toBe(200);
  });

  it("lets the venue's own pages make the same change", async () => {
    const member = await t.createMember({ firstName: "Casey" });
    const browser = await t.signIn(member.email, member.password);

    const response = await browser.patch(
      "/api/me/profile",
      { firstName: "Jamie", lastName: "Ortiz" },
      { headers: { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" } },
    );

    expect(response.status).toBe(200);
    expect(await browser.sessionUser()).toMatchObject({ firstName: "Jamie" });
  });
});
