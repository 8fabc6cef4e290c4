import { verifyPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type AdminTestbed,
  adminTestbed,
  MANAGER_PASSWORD,
} from "../../../tests/integration/kits/admin-test-kit";
import { errorOf } from "../../../tests/integration/kits/harness";
import { auditLog, users, venueSettings } from "../db/schema";
import { ensureManagerPassword } from "../kernel/staff/ensure-manager-password";
import { present } from "../lib/present";

let bed: AdminTestbed;
let memberId: string;
beforeEach(async () => {
  bed = await adminTestbed();
  memberId = (await bed.t.createMember()).id;
});
afterEach(() => bed?.t.close());

const freeze = (managerPassword: string, admin = bed.admin) =>
  admin.post(`/api/admin/members/${memberId}/freeze`, { managerPassword, freeze: true });

const isFrozen = async () =>
  (await bed.t.db.query.users.findFirst({ where: eq(users.id, memberId) }))?.isFrozen;

describe("manager password (SPEC §6, DECISIONS.md)", () => {
  it("is stored only as a hash, from MANAGER_PASSWORD at start, never overwriting one already set", async () => {
    const [row] = await bed.t.db.select().from(venueSettings);
    expect(row?.managerPasswordHash).not.toContain(MANAGER_PASSWORD);
    expect(
      await verifyPassword({ hash: present(present(row).managerPasswordHash), password: MANAGER_PASSWORD }),
    ).toBe(true);
    expect(await ensureManagerPassword(bed.t.db, "something-else")).toBe(false);
    expect((await freeze(MANAGER_PASSWORD)).status).toBe(200);
  });

  it("six wrong tries: five are refused as wrong, the sixth is throttled — and so is the right one then", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await freeze(`wrong-${i}`)).status);
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);
    const right = await freeze(MANAGER_PASSWORD);
    expect(right.status).toBe(429);
    expect((await errorOf(right)).message).toBe(
      "Too many incorrect manager password attempts. Please wait 15 minutes and try again.",
    );
    expect(await isFrozen()).toBe(false);

    const denied = await bed.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, bed.adminId), eq(auditLog.outcome, "denied")));
    expect(denied.map((r) => (r.details as { reason: string }).reason)).toEqual([
      ...Array(5).fill("wrong_password"),
      "throttled",
      "throttled",
    ]);

    // Another admin is not locked out by this one's guesses.
    const other = await bed.t.createAdmin();
    const otherClient = await bed.t.signIn(other.email, other.password);
    expect((await freeze(MANAGER_PASSWORD, otherClient)).status).toBe(200);

    // Fifteen minutes after the fifth wrong try, the first admin may try again.
    bed.clock.advance(15 * 60_000 + 1);
    const unfreeze = await bed.admin.post(`/api/admin/members/${memberId}/freeze`, {
      managerPassword: MANAGER_PASSWORD,
      freeze: false,
    });
    expect(unfreeze.status).toBe(200);
  });

  it("six wrong tries at once still count to five before the throttle", async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => freeze(`wrong-${i}`)));
    expect(answers.map((r) => r.status).sort()).toEqual([403, 403, 403, 403, 403, 429]);
    expect((await freeze(MANAGER_PASSWORD)).status).toBe(429);
  });

  it("without a manager password set, nothing that needs one runs", async () => {
    await bed.t.db.update(venueSettings).set({ managerPasswordHash: null });
    const response = await freeze(MANAGER_PASSWORD);
    expect(response.status).toBe(403);
    expect(await isFrozen()).toBe(false);
  });
});
