import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminTestbed,
  adminTestbed,
  MANAGER_PASSWORD,
} from "../../../tests/integration/kits/admin-test-kit";
import { errorOf } from "../../../tests/integration/kits/harness";
import type { MemberResponse, MembersResponse } from "../../contracts/admin-members";
import { sessions, users } from "../db/schema";
import { present } from "../lib/present";

let bed: AdminTestbed;
beforeAll(async () => {
  bed = await adminTestbed();
});
afterAll(() => bed?.t.close());

/** Dec 8 2026, 10:00 AM venue time: the member's next billing instant. */
const NEXT_BILLING = new Date("2026-12-08T16:00:00Z");

describe("Active Members (SPEC §2, §7 get_active_members)", () => {
  it("lists every member, frozen ones too, with phone, status and a scheduled end", async () => {
    const a = await bed.t.createMember({ firstName: "Avery", lastName: "Zed", phone: "+15125550199" });
    const b = await bed.t.createMember({ firstName: "Blake", lastName: "Young", isFrozen: true });
    await bed.t.createGuestUser({ firstName: "Not", lastName: "Member" });
    await bed.t.db.update(users).set({ cancelAt: NEXT_BILLING }).where(eq(users.id, a.id));
    const body = (await (await bed.admin.get("/api/admin/members")).json()) as MembersResponse;
    expect(body.members.map((m) => m.lastName)).toEqual(["Young", "Zed"]);
    expect(body.members[0]).toMatchObject({ id: b.id, isFrozen: true, phone: null, cancelAt: null });
    expect(body.members[1]).toMatchObject({ id: a.id, phone: "+15125550199", cancelAt: "2026-12-08" });
    expect(Object.keys(present(body.members[0])).sort()).toEqual(
      [
        "cancelAt",
        "compEndsOn",
        "email",
        "firstName",
        "id",
        "isFrozen",
        "lastName",
        "noShows",
        "phone",
      ].sort(),
    );
  });
});

describe("freeze and unfreeze (SPEC §4 Member account, §7 freeze_account)", () => {
  it("freezing ends the member's sessions at once; they cannot sign in until unfrozen", async () => {
    const member = await bed.t.createMember();
    const phone = await bed.t.signIn(member.email, member.password);
    const laptop = await bed.t.signIn(member.email, member.password);
    expect((await phone.sessionUser())?.id).toBe(member.id);

    const response = await bed.admin.post(`/api/admin/members/${member.id}/freeze`, {
      managerPassword: MANAGER_PASSWORD,
      freeze: true,
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as MemberResponse).member.isFrozen).toBe(true);
    expect(await bed.t.db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(0);
    expect(await phone.sessionUser()).toBeNull();
    expect(await laptop.sessionUser()).toBeNull();
    const again = await bed.t.client().signIn(member.email, member.password);
    expect(again.status).toBe(403);
    expect((await errorOf(again)).message).toBe("Your account is currently frozen. Please contact support.");

    const unfreeze = await bed.admin.post(`/api/admin/members/${member.id}/freeze`, {
      managerPassword: MANAGER_PASSWORD,
      freeze: false,
    });
    expect(((await unfreeze.json()) as MemberResponse).member.isFrozen).toBe(false);
    expect((await bed.t.client().signIn(member.email, member.password)).status).toBe(200);
  });

  it("an admin cannot freeze their own account", async () => {
    const response = await bed.admin.post(`/api/admin/members/${bed.adminId}/freeze`, {
      managerPassword: MANAGER_PASSWORD,
      freeze: true,
    });
    expect(response.status).toBe(400);
  });
});

describe("cancel membership (SPEC §4, §7 cancel_membership, get_subscription_info)", () => {
  it("reports the next billing date, then schedules the end of the membership there (test provider)", async () => {
    const member = await bed.t.createMember({ nextBillingDate: NEXT_BILLING });
    const info = await bed.admin.get(`/api/admin/members/${member.id}/subscription`);
    expect(await info.json()).toEqual({ nextBillingDate: "2026-12-08" });

    const wrong = await bed.admin.post(`/api/admin/members/${member.id}/cancel-membership`, {
      managerPassword: "nope",
    });
    expect(wrong.status).toBe(403);
    const response = await bed.admin.post(`/api/admin/members/${member.id}/cancel-membership`, {
      managerPassword: MANAGER_PASSWORD,
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as MemberResponse).member.cancelAt).toBe("2026-12-08");
    const row = await bed.t.db.query.users.findFirst({ where: eq(users.id, member.id) });
    expect(row).toMatchObject({ isMember: true, cancelAt: NEXT_BILLING });
  });

  it("without a billing period there is nothing to cancel at its end", async () => {
    const member = await bed.t.createMember();
    const info = await bed.admin.get(`/api/admin/members/${member.id}/subscription`);
    expect(info.status).toBe(404);
    expect((await errorOf(info)).message).toBe("Could not get subscription info");
  });
});

describe("cancel membership with Stripe", () => {
  it("sets the subscription to cancel at period end and keeps Stripe's date", async () => {
    const calls: Array<{ path: string; body: string; key: string | undefined }> = [];
    const stripe = createServer(async (req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      calls.push({
        path: req.url ?? "",
        body: Buffer.concat(chunks).toString(),
        key: req.headers["idempotency-key"] as string,
      });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id: "sub_123",
          object: "subscription",
          cancel_at_period_end: true,
          cancel_at: Math.floor(new Date("2026-12-09T06:00:00Z").getTime() / 1000),
        }),
      );
    });
    await new Promise<void>((resolve) => stripe.listen(0, "127.0.0.1", resolve));
    const bedWithStripe = await adminTestbed({
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_WEBHOOK_SECRET: "whsec_fake",
      STRIPE_API_BASE: `http://127.0.0.1:${(stripe.address() as AddressInfo).port}`,
    });
    try {
      const member = await bedWithStripe.t.createMember({
        stripeSubscriptionId: "sub_123",
        nextBillingDate: NEXT_BILLING,
      });
      const response = await bedWithStripe.admin.post(`/api/admin/members/${member.id}/cancel-membership`, {
        managerPassword: MANAGER_PASSWORD,
      });
      expect(response.status).toBe(200);
      expect(calls).toEqual([
        {
          path: "/v1/subscriptions/sub_123",
          body: "cancel_at_period_end=true",
          key: `cancel-membership-${member.id}`,
        },
      ]);
      expect(((await response.json()) as MemberResponse).member.cancelAt).toBe("2026-12-09");
    } finally {
      await bedWithStripe.t.close();
      await new Promise<void>((resolve) => stripe.close(() => resolve()));
    }
  });
});
