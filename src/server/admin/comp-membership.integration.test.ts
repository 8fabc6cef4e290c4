import { and, count, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminTestbed, adminTestbed } from "../../../tests/integration/kits/admin-test-kit";
import { errorOf } from "../../../tests/integration/kits/harness";
import type { MyMembershipResponse } from "../../contracts/membership";
import { auditLog, payments, users } from "../db/schema";
import { endDueComps } from "./comp-membership";

// Issue 32 item 3: staff comp a membership — a member for N months without payment, audited,
// shown in the members list and on the member's page, ended when due.

let bed: AdminTestbed;

beforeAll(async () => {
  bed = await adminTestbed();
});
afterAll(() => bed?.t.close());

const auditRows = async () =>
  bed.t.db.select().from(auditLog).where(eq(auditLog.action, "comp_membership")).orderBy(desc(auditLog.id));

describe("comping a membership", () => {
  it("makes a person a member for 3 months without a payment, audited, shown, and ends when due", async () => {
    const guest = await bed.t.createGuestUser({ firstName: "Casey", lastName: "Comped" });
    const response = await bed.admin.post("/api/admin/members/comp", {
      email: guest.email.toUpperCase(),
      months: 3,
    });
    expect(response.status).toBe(200);
    // The clock is Wednesday 18 November 2026 in the venue: three months on is 18 February 2027.
    expect(await response.json()).toEqual({
      member: { id: guest.id, email: guest.email, compEndsOn: "2027-02-18" },
    });
    const [row] = await bed.t.db.select().from(users).where(eq(users.id, guest.id));
    expect(row).toMatchObject({ isMember: true, stripeSubscriptionId: null, nextBillingDate: null });
    expect(row?.compEndsAt?.toISOString()).toBe("2027-02-18T06:00:00.000Z");
    const [paid] = await bed.t.db
      .select({ n: count() })
      .from(payments)
      .where(eq(payments.providerCustomerId, guest.id));
    expect(paid?.n).toBe(0);

    const [entry] = await auditRows();
    expect(entry).toMatchObject({ actorUserId: bed.adminId, targetId: guest.id, outcome: "success" });
    expect(entry?.details).toMatchObject({
      months: 3,
      before: { isMember: false, compEndsAt: null },
      after: { isMember: true, compEndsAt: "2027-02-18T06:00:00.000Z" },
    });

    const list = (await (await bed.admin.get("/api/admin/members")).json()) as {
      members: Array<{ id: string; compEndsOn: string | null }>;
    };
    expect(list.members.find((m) => m.id === guest.id)?.compEndsOn).toBe("2027-02-18");
    const member = await bed.t.signIn(guest.email, guest.password);
    const mine = (await (await member.get("/api/me/membership")).json()) as MyMembershipResponse;
    expect(mine.membership).toMatchObject({
      planLabel: "Complimentary",
      priceCents: 0,
      compedUntil: "2027-02-18",
      endsOn: "2027-02-18",
    });
    expect(mine.selfCancel.allowed).toBe(false);

    // The day before it ends it still runs; at the venue's midnight it ends.
    bed.clock.set("2027-02-18T05:59:00Z");
    try {
      expect(await endDueComps(bed.t.deps)).toBe(0);
      bed.clock.set("2027-02-18T06:00:00Z");
      expect(await endDueComps(bed.t.deps)).toBe(1);
      const [ended] = await bed.t.db.select().from(users).where(eq(users.id, guest.id));
      expect(ended).toMatchObject({ isMember: false, compEndsAt: null });
    } finally {
      bed.clock.set("2026-11-18T15:00:00Z");
    }
  });

  it("a paying member's next months are free: billing resumes when the comp ends, the membership stays", async () => {
    const paying = await bed.t.createMember({
      stripeSubscriptionId: "sub_paying_1",
      nextBillingDate: new Date("2026-12-18T15:00:00Z"),
    });
    const response = await bed.admin.post("/api/admin/members/comp", { email: paying.email, months: 2 });
    expect(response.status).toBe(200);
    // From the next billing date (18 December), two months: 18 February.
    expect(((await response.json()) as { member: { compEndsOn: string } }).member.compEndsOn).toBe(
      "2027-02-18",
    );
    const [row] = await bed.t.db.select().from(users).where(eq(users.id, paying.id));
    expect(row).toMatchObject({ isMember: true, stripeSubscriptionId: "sub_paying_1" });
    expect(row?.nextBillingDate?.toISOString()).toBe("2027-02-18T06:00:00.000Z");
    const member = await bed.t.signIn(paying.email, paying.password);
    const mine = (await (await member.get("/api/me/membership")).json()) as MyMembershipResponse;
    expect(mine.membership).toMatchObject({
      plan: "monthly",
      compedUntil: "2027-02-18",
      renewsOn: "2027-02-18",
    });
    bed.clock.set("2027-02-18T06:00:00Z");
    try {
      await endDueComps(bed.t.deps);
      const [after] = await bed.t.db.select().from(users).where(eq(users.id, paying.id));
      expect(after).toMatchObject({ isMember: true, compEndsAt: null, stripeSubscriptionId: "sub_paying_1" });
    } finally {
      bed.clock.set("2026-11-18T15:00:00Z");
    }
  });

  it("extends a comp still running from its end", async () => {
    const guest = await bed.t.createGuestUser();
    expect((await bed.admin.post("/api/admin/members/comp", { email: guest.email, months: 1 })).status).toBe(
      200,
    );
    const again = await bed.admin.post("/api/admin/members/comp", { email: guest.email, months: 2 });
    expect(((await again.json()) as { member: { compEndsOn: string } }).member.compEndsOn).toBe("2027-02-18");
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    const before = (await auditRows()).length;
    const unknown = await bed.admin.post("/api/admin/members/comp", {
      email: "nobody@example.test",
      months: 3,
    });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).message).toContain("No account uses nobody@example.test");
    const guest = await bed.t.createGuestUser();
    for (const months of [0, 25, 1.5]) {
      const bad = await bed.admin.post("/api/admin/members/comp", { email: guest.email, months });
      expect(bad.status).toBe(400);
    }
    const ending = await bed.t.createMember({
      stripeSubscriptionId: "sub_ending_1",
      nextBillingDate: new Date("2026-12-18T15:00:00Z"),
    });
    await bed.t.db
      .update(users)
      .set({ cancelAt: new Date("2026-12-18T15:00:00Z") })
      .where(eq(users.id, ending.id));
    const refused = await bed.admin.post("/api/admin/members/comp", { email: ending.email, months: 3 });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toContain("is set to end on December 18, 2026");
    const [untouched] = await bed.t.db
      .select()
      .from(users)
      .where(and(eq(users.id, guest.id)));
    expect(untouched).toMatchObject({ isMember: false, compEndsAt: null });
    expect((await auditRows()).length).toBe(before);
  });
});
