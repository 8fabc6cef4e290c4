import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOW } from "../../../tests/integration/kits/booking-test-kit";
import {
  createTestApp,
  errorOf,
  type TestApp,
  type TestClient,
  type TestUser,
  testClock,
  uniqueEmail,
} from "../../../tests/integration/kits/harness";
import type { AuditLogResponse } from "../../contracts/admin-audit";
import type { InvitationLookupResponse, StaffListResponse } from "../../contracts/staff";
import { auditLog, reservations, sessions, staffInvitations, users } from "../db/schema";
import { present } from "../lib/present";

// Issue 33 item 1: the owner invites by email (a set-password link that expires), changes roles and
// removes people (their sessions end at once), never the last owner; every change is audited with
// before and after, and the audit log is searchable by person and date.

const clock = testClock(NOW);
let t: TestApp;
let owner: TestUser;
let ownerBrowser: TestClient;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await t.seedFacilities();
  owner = await t.createAdmin({ firstName: "Olive", lastName: "Owner", staffRole: "owner" });
  ownerBrowser = await t.signIn(owner.email, owner.password);
});
afterAll(() => t?.close());

/** The invitation link's token, as the email carries it. */
async function invitationToken(email: string): Promise<string> {
  const emails = await t.emailsTo(email);
  const last = present(emails.at(-1));
  const match = /staff-invite\?token=([A-Za-z0-9_-]+)/.exec(last.textBody);
  return present(present(match)[1]);
}

async function invite(email: string, role: string, browser = ownerBrowser) {
  return browser.post("/api/admin/staff/invitations", { email, role });
}

const accept = (token: string, password = "desk-horse-battery") =>
  t.client().post("/api/staff-invitations/accept", {
    token,
    firstName: "Dee",
    lastName: "Desk",
    password,
    confirmPassword: password,
  });

const auditRows = (action: string) => t.db.select().from(auditLog).where(eq(auditLog.action, action));

describe("inviting a person", () => {
  it("emails a link that makes a front-desk account, who signs in and cannot open settings", async () => {
    const email = uniqueEmail("desk");
    const response = await invite(email.toUpperCase(), "front_desk");
    expect(response.status).toBe(201);
    const list = (await (await ownerBrowser.get("/api/admin/staff")).json()) as StaffListResponse;
    expect(list.invitations.map((i) => [i.email, i.role])).toContainEqual([email, "front_desk"]);
    const [audit] = (await auditRows("invite_staff")).filter((r) => r.targetId === list.invitations[0]?.id);
    expect(audit?.details).toMatchObject({ before: null, after: { email, role: "front_desk" } });

    const token = await invitationToken(email);
    const lookup = await t.client().post("/api/staff-invitations/lookup", { token });
    expect((await lookup.json()) as InvitationLookupResponse).toMatchObject({ email, role: "front_desk" });

    expect((await accept(token, "short")).status).toBe(400);
    expect((await accept(token)).status).toBe(201);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ staffRole: "front_desk", isAdmin: true, firstName: "Dee" });

    const desk = await t.signIn(email, "desk-horse-battery");
    expect(await desk.sessionUser()).toMatchObject({ isAdmin: true, staffRole: "front_desk" });
    expect((await desk.get("/api/admin/stats")).status).toBe(200);
    const settings = await desk.get("/api/admin/self-service-policy");
    expect(settings.status).toBe(403);
    expect((await errorOf(settings)).message).toBe("Only a manager or the owner can do this");

    // The link works once.
    const again = await accept(token);
    expect(again.status).toBe(404);
  });

  it("refuses an address that already has an account, and a role that does not exist; nothing changes", async () => {
    const member = await t.createMember();
    const before = await t.db.select().from(staffInvitations);
    const taken = await invite(member.email, "manager");
    expect(taken.status).toBe(409);
    expect(await errorOf(taken)).toMatchObject({
      field: "email",
      message: `${member.email} already has an account. An invitation is for an address without one.`,
    });
    const badRole = await invite(uniqueEmail("x"), "admin");
    expect(badRole.status).toBe(400);
    expect((await errorOf(badRole)).message).toBe("Choose a role: owner, manager or front desk");
    expect(await t.db.select().from(staffInvitations)).toHaveLength(before.length);
    expect(await t.emailsTo(member.email)).toEqual([]);
  });

  it("is the owner's: a manager may not invite (or grant any role)", async () => {
    const manager = await t.createAdmin({ staffRole: "manager" });
    const browser = await t.signIn(manager.email, manager.password);
    const response = await invite(uniqueEmail("y"), "front_desk", browser);
    expect(response.status).toBe(403);
    expect((await errorOf(response)).message).toBe("Only the owner can do this");
  });

  it("expires: the link stops working after 72 hours", async () => {
    const email = uniqueEmail("late");
    expect((await invite(email, "manager")).status).toBe(201);
    const token = await invitationToken(email);
    clock.advance(72 * 3600_000 + 1000);
    try {
      const response = await accept(token);
      expect(response.status).toBe(404);
      expect((await errorOf(response)).message).toBe(
        "This invitation link is not valid or has expired. Ask the owner for a new one.",
      );
      expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    } finally {
      clock.set(NOW);
    }
  });

  it("a second invitation of the same address withdraws the first link", async () => {
    const email = uniqueEmail("twice");
    await invite(email, "front_desk");
    const first = await invitationToken(email);
    await invite(email, "manager");
    const second = await invitationToken(email);
    expect((await accept(first)).status).toBe(404);
    expect((await accept(second)).status).toBe(201);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row?.staffRole).toBe("manager");
  });
});

describe("changing roles and removing people", () => {
  it("changes a role at once, audited with before and after", async () => {
    const person = await t.createAdmin({ firstName: "Max", staffRole: "manager" });
    const browser = await t.signIn(person.email, person.password);
    expect((await browser.get("/api/admin/coupons")).status).toBe(200);

    const response = await ownerBrowser.patch(`/api/admin/staff/${person.id}`, { role: "front_desk" });
    expect(response.status).toBe(200);
    expect((await browser.get("/api/admin/coupons")).status).toBe(403);
    const [audit] = (await auditRows("change_staff_role")).filter((r) => r.targetId === person.id);
    expect(audit).toMatchObject({ actorUserId: owner.id, outcome: "success" });
    expect(audit?.details).toMatchObject({ before: { role: "manager" }, after: { role: "front_desk" } });
  });

  it("removes a person: not staff any more, and their sessions end at once", async () => {
    const person = await t.createAdmin({ staffRole: "front_desk" });
    const browser = await t.signIn(person.email, person.password);
    expect((await browser.get("/api/admin/stats")).status).toBe(200);

    expect((await ownerBrowser.delete(`/api/admin/staff/${person.id}`)).status).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, person.id))).toEqual([]);
    expect(await browser.sessionUser()).toBeNull();
    expect((await browser.get("/api/admin/stats")).status).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, person.id));
    expect(row).toMatchObject({ staffRole: null, isAdmin: false });
    const [audit] = (await auditRows("remove_staff")).filter((r) => r.targetId === person.id);
    expect(audit?.details).toMatchObject({ before: { role: "front_desk" }, after: { role: null } });
  });

  it("never leaves the venue without an owner", async () => {
    const owners = await t.db.select().from(users).where(eq(users.staffRole, "owner"));
    expect(owners.map((o) => o.id)).toEqual([owner.id]);
    const demote = await ownerBrowser.patch(`/api/admin/staff/${owner.id}`, { role: "manager" });
    expect(demote.status).toBe(409);
    expect((await errorOf(demote)).message).toBe(
      "The venue needs at least one owner. Make someone else the owner first.",
    );
    expect((await ownerBrowser.delete(`/api/admin/staff/${owner.id}`)).status).toBe(409);

    // With a second owner, the first may step down.
    const second = await t.createAdmin({ staffRole: "manager" });
    expect((await ownerBrowser.patch(`/api/admin/staff/${second.id}`, { role: "owner" })).status).toBe(200);
    const secondBrowser = await t.signIn(second.email, second.password);
    expect((await secondBrowser.patch(`/api/admin/staff/${second.id}`, { role: "manager" })).status).toBe(
      200,
    );
    expect((await secondBrowser.get("/api/admin/staff")).status).toBe(403);
  });

  it("answers 404 for someone who is not staff", async () => {
    const member = await t.createMember();
    expect((await ownerBrowser.patch(`/api/admin/staff/${member.id}`, { role: "manager" })).status).toBe(404);
    expect((await ownerBrowser.delete(`/api/admin/staff/${member.id}`)).status).toBe(404);
  });
});

describe("the audit log (searchable by person and date)", () => {
  it("holds the front desk's moves and statuses and a manager's coupon, found by person and date", async () => {
    const desk = await t.createAdmin({ firstName: "Quinn", lastName: "Frontdesk", staffRole: "front_desk" });
    const deskBrowser = await t.signIn(desk.email, desk.password);
    const manager = await t.createAdmin({ firstName: "Morgan", lastName: "Manager", staffRole: "manager" });
    const managerBrowser = await t.signIn(manager.email, manager.password);
    const [booking] = await t.db
      .insert(reservations)
      .values({
        date: "2026-11-23",
        startTime: "10:00",
        endTime: "11:00",
        facilityType: "court",
        courtId: 5,
        duration: 60,
        status: "confirmed",
        paymentStatus: "paid",
        manualPaymentStatus: "unpaid",
        customerName: "Jo Player",
      })
      .returning();
    const id = present(booking).id;
    expect((await deskBrowser.post(`/api/admin/reservations/${id}/reassign`, { facilityId: 6 })).status).toBe(
      200,
    );
    expect(
      (await deskBrowser.patch(`/api/admin/reservations/${id}/status`, { status: "cancelled" })).status,
    ).toBe(200);
    expect(
      (
        await managerBrowser.post("/api/admin/coupons", {
          code: "AUDIT10",
          type: "percentage",
          value: 10,
          startDate: "2026-11-01",
          endDate: "2026-12-31",
        })
      ).status,
    ).toBe(201);

    const search = async (query: string) => {
      const response = await ownerBrowser.get(`/api/admin/audit-log?${query}`);
      expect(response.status).toBe(200);
      return ((await response.json()) as AuditLogResponse).entries;
    };
    const byDesk = await search("person=frontdesk");
    expect(byDesk.map((e) => e.action)).toEqual(["set_reservation_status", "move_reservation"]);
    expect(byDesk[1]?.changes).toBe("facility: Court 5 → Court 6");
    expect(byDesk[0]?.changes).toBe("status: confirmed → cancelled");
    expect(byDesk[0]?.targetLabel).toBe("Jo Player · Court 6 · 2026-11-23 10:00 AM - 11:00 AM");
    const byManager = await search(`person=${encodeURIComponent(manager.email)}`);
    expect(byManager.map((e) => e.action)).toEqual(["create_coupon"]);
    // NOW is Wed 18 Nov 2026 at the venue.
    expect((await search("person=frontdesk&from=2026-11-18&to=2026-11-18")).length).toBe(2);
    expect(await search("person=frontdesk&from=2026-11-19")).toEqual([]);
    expect(await search("person=frontdesk&to=2026-11-17")).toEqual([]);
    const backwards = await ownerBrowser.get("/api/admin/audit-log?from=2026-11-18&to=2026-11-17");
    expect(backwards.status).toBe(400);
    expect((await errorOf(backwards)).message).toBe("The end date is before the start date");
  });
});
