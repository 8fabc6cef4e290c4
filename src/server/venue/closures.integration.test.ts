import { randomUUID } from "node:crypto";
import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminTestbed,
  adminTestbed,
  paidOnlineReservation,
} from "../../../tests/integration/kits/admin-test-kit";
import { holdBody, item } from "../../../tests/integration/kits/booking-test-kit";
import { errorOf } from "../../../tests/integration/kits/harness";
import type { ClosureDraft, ClosureImpact, SaveClosureResult } from "../../contracts/venue";
import { emailOutbox, reservations } from "../db/schema";
import { present } from "../lib/present";
import type { RefundInput } from "../payment-provider";

// Issue 31 item 3: a closure over paid bookings — keep, move or cancel with a full refund and an
// email each; all or nothing, and the same save sent twice changes nothing more.
let bed: AdminTestbed;
const refunds: RefundInput[] = [];
beforeAll(async () => {
  bed = await adminTestbed();
  const provider = present(bed.t.deps.payments);
  const refund = provider.refund.bind(provider);
  provider.refund = async (input) => {
    refunds.push(input);
    return refund(input);
  };
});
afterAll(() => bed?.t.close());

type Closure = Extract<ClosureDraft, { kind: "closure" }>;
const closure = (overrides: Partial<Closure> = {}): Closure => ({
  kind: "closure",
  facilityType: "court",
  facilityIds: [1, 2, 3, 4, 5, 6, 7, 8],
  startsOn: "2026-11-23",
  endsOn: "2026-11-23",
  startTime: "09:00",
  endTime: "12:00",
  weekly: false,
  reason: "Burst pipe",
  ...overrides,
});
const save = (draft: ClosureDraft, action: "keep" | "move" | "cancel", id = randomUUID()) =>
  bed.admin.post("/api/admin/closures", { id, action, draft });
const live = (ids: string[]) =>
  bed.t.db
    .select()
    .from(reservations)
    .where(and(inArray(reservations.id, ids), eq(reservations.status, "confirmed")));

async function paidBookings(date: string, times: string[], perTime: number) {
  const rows = [];
  for (const startTime of times) {
    for (let i = 0; i < perTime; i++) {
      rows.push(
        await paidOnlineReservation(bed.t, {
          date,
          startTime,
          duration: 60,
          email: `p${rows.length}@example.test`,
        }),
      );
    }
  }
  return rows;
}

describe("closures with bookings inside", () => {
  it("shows the impact, then cancels 20 paid bookings with exactly 20 refunds and 20 emails; twice changes nothing", async () => {
    const rows = await paidBookings("2026-11-23", ["09:00", "10:00", "11:00"], 7);
    const twenty = rows.slice(0, 20);
    const draft = closure();
    const impact = (await (
      await bed.admin.post("/api/admin/closures/impact", { draft })
    ).json()) as ClosureImpact;
    expect(impact.bookings).toHaveLength(21);
    expect(impact.bookings.every((b) => b.state === "paid")).toBe(true);
    // Leave one booking out of the closure, so exactly 20 are inside.
    const last = present(rows[20]);
    await bed.t.db.update(reservations).set({ date: "2026-11-30" }).where(eq(reservations.id, last.id));

    const id = randomUUID();
    refunds.length = 0;
    const first = await save(draft, "cancel", id);
    expect(first.status).toBe(200);
    const result = (await first.json()) as SaveClosureResult;
    expect(result).toMatchObject({ cancelled: 20, moved: 0, kept: 0 });
    expect(result.refundedCents).toBe(twenty.reduce((sum, r) => sum + r.priceCents, 0));
    expect(refunds).toHaveLength(20);
    expect(await live(twenty.map((r) => r.id))).toEqual([]);
    const emails = await bed.t.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.dedupeKey, `closure-${id}-%`));
    expect(emails).toHaveLength(20);
    expect(emails[0]?.subject).toContain("is cancelled");
    expect(emails[0]?.textBody).toContain("Burst pipe");

    const again = await save(draft, "cancel", id);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(result);
    expect(refunds).toHaveLength(20);
    expect(
      await bed.t.db
        .select()
        .from(emailOutbox)
        .where(like(emailOutbox.dedupeKey, `closure-${id}-%`)),
    ).toHaveLength(20);
  });

  it("moves bookings to a free court of the same type at the same time, and refuses when none is free (nothing changed)", async () => {
    const date = "2026-11-24";
    const [a, b] = await paidBookings(date, ["15:00"], 2);
    const moved = await save(
      closure({
        startsOn: date,
        endsOn: date,
        startTime: "14:00",
        endTime: "17:00",
        facilityIds: [present(a).courtId ?? 0, present(b).courtId ?? 0],
      }),
      "move",
    );
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as SaveClosureResult).moved).toBe(2);
    const after = await live([present(a).id, present(b).id]);
    expect(after).toHaveLength(2);
    expect(after.map((r) => r.courtId).sort()).toEqual([3, 4]);

    // Every court closed but one booked: nowhere to go, so the save is refused and nothing happens.
    const full = closure({
      startsOn: "2026-11-24",
      endsOn: "2026-11-24",
      startTime: "15:00",
      endTime: "16:00",
      facilityIds: [3, 4, 5, 6, 7, 8],
    });
    const refused = await save(full, "move");
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toMatch(/^No free court or bay of the same type for /);
    expect((await live([present(a).id, present(b).id])).map((r) => r.courtId).sort()).toEqual([3, 4]);
    expect(
      (await (await bed.admin.get("/api/admin/closures")).json()).closures.some((c: { when: string }) =>
        c.when.includes("3:00 PM – "),
      ),
    ).toBe(false);
  });

  it("keeps bookings when asked, and refuses overlapping closures and ranges in the past", async () => {
    const date = "2026-11-25";
    const [kept] = await paidBookings(date, ["18:00"], 1);
    const draft = closure({
      startsOn: date,
      endsOn: date,
      startTime: "17:00",
      endTime: "20:00",
      facilityIds: [present(kept).courtId ?? 1],
    });
    expect((await save(draft, "keep")).status).toBe(200);
    expect(await live([present(kept).id])).toHaveLength(1);
    const overlap = await save({ ...draft, startTime: "19:00", endTime: "21:00" }, "keep");
    expect(overlap.status).toBe(400);
    expect((await errorOf(overlap)).message).toBe(
      'It overlaps another closure of the same court or bay ("Burst pipe")',
    );
    const past = await save(closure({ startsOn: "2026-11-01", endsOn: "2026-11-02" }), "keep");
    expect((await errorOf(past)).message).toBe("This closure is already over: choose dates from today on");
    const backwards = await save(
      closure({ startsOn: "2026-11-27", endsOn: "2026-11-27", startTime: "12:00", endTime: "10:00" }),
      "keep",
    );
    expect((await errorOf(backwards)).message).toBe("The closure must end after it starts");
  });

  it("a hold racing a closure being saved either is in its impact (and cancelled) or is refused", async () => {
    const date = "2026-11-27";
    const draft = closure({
      startsOn: date,
      endsOn: date,
      startTime: "10:00",
      endTime: "12:00",
      facilityIds: [1, 2, 3, 4, 5, 6, 7, 8],
    });
    const [hold, saved] = await Promise.all([
      bed.t
        .client()
        .post("/api/booking/holds", holdBody({ items: [item({ date, startTime: "10:30", duration: 60 })] })),
      save(draft, "cancel"),
    ]);
    // A hold that placed while the closure waited is in its impact; one that waited for the closure's
    // lock is refused by the closures' trigger and tried again: 409, never a 500.
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect([201, 409], await hold.clone().text()).toContain(hold.status);
    const inside = await bed.t.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.date, date), inArray(reservations.status, ["pending", "confirmed"])));
    expect(inside).toEqual([]);
    // After the save, a new hold inside it is refused at once.
    const late = await bed.t
      .client()
      .post("/api/booking/holds", holdBody({ items: [item({ date, startTime: "11:00", duration: 60 })] }));
    expect(late.status).toBeGreaterThanOrEqual(400);
  });
});
