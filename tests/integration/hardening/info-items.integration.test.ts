import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../../src/server/db/schema";
import { present } from "../../../src/server/lib/present";
import { createTestApp, type TestApp } from "../kits/harness";

// ISSUE 30 item 10, the INFO items: reminder-setting changes were not audited; the per-address
// limits counted each IPv6 address separately. (HOST behind a proxy: src/server/config.test.ts.)

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("the INFO items (item 10)", () => {
  it("a change of the reminder times is audited with who, before and after", async () => {
    const staff = await t.createAdmin();
    const admin = await t.signIn(staff.email, staff.password);
    expect(
      (await admin.put("/api/admin/reminder-settings", { leadHours: 48, secondLeadHours: 2 })).status,
    ).toBe(200);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "update_reminder_settings"), eq(auditLog.actorUserId, staff.id)));
    expect(rows).toHaveLength(1);
    expect(present(rows[0]).details).toMatchObject({
      before: { leadHours: null, secondLeadHours: null },
      after: { leadHours: 48, secondLeadHours: 2 },
    });
    const listed = await admin.get("/api/admin/audit-log");
    expect(listed.status).toBe(200);
    expect(await listed.text()).toContain("update_reminder_settings");
  });

  it("wrong sign-ins from one IPv6 /64 count as one address, whichever of its addresses they come from", async () => {
    const member = await t.createMember();
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) {
      const client = t.client({ ip: `2001:db8:77:1::${i.toString(16)}` });
      statuses.push((await client.signIn(member.email, `wrong-${i}`)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Another /64 is another address: the owner at home still signs in.
    expect((await t.client({ ip: "2001:db8:77:2::1" }).signIn(member.email, member.password)).status).toBe(
      200,
    );
  });
});
