import { and, count, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createHoldOk,
  HOLD_MS,
  holdBody,
  item,
  MONDAY,
  NOW,
} from "../../../tests/integration/kits/booking-test-kit";
import { createTestApp, errorOf, type TestApp, testClock } from "../../../tests/integration/kits/harness";
import type { AvailabilityResponse } from "../../contracts/booking";
import type { CancelItemResponse } from "../../contracts/booking-holds";
import { holds, reservations } from "../db/schema";
import { expireHolds } from "../kernel/schedule/expire-holds";
import { present } from "../lib/present";

const clock = testClock(NOW);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await t.seedFacilities();
});
afterAll(() => t?.close());

const live = (date: string) => and(eq(reservations.date, date), ne(reservations.status, "cancelled"));

async function availableAt(facilityType: string, date: string, duration: number, start: string) {
  const response = await t
    .client()
    .get(`/api/booking/availability?facilityType=${facilityType}&date=${date}&duration=${duration}`);
  const body = (await response.json()) as AvailabilityResponse;
  return body.slots.find((s) => s.startTime === start)?.availableFacilities;
}

async function confirmedReservation(values: Partial<typeof reservations.$inferInsert>) {
  await t.db.insert(reservations).values({
    date: MONDAY,
    facilityType: "court",
    duration: 90,
    startTime: "17:00",
    endTime: "18:30",
    priceCents: 6750,
    status: "confirmed",
    paymentStatus: "paid",
    customerName: "Already booked",
    ...values,
  });
}

describe("POST /api/booking/holds validation (SPEC §5, in the spec's order)", () => {
  const customer = holdBody().customer;
  it.each([
    [
      "terms",
      { customer: { ...customer, termsAccepted: false, name: "" } },
      "Please accept the terms and conditions",
    ],
    ["name", { customer: { ...customer, name: "  " } }, "Please enter your name"],
    ["email", { customer: { ...customer, email: "" } }, "Please enter your email"],
    [
      "SMS consent",
      { customer: { ...customer, phone: "512-555-0100", smsConsent: false } },
      "Please consent to SMS reminders if providing a phone number",
    ],
    ["start time", { items: [item({ startTime: null })] }, "Invalid time slot selected"],
    ["off the grid", { items: [item({ startTime: "17:15" })] }, "Invalid time slot selected"],
    ["after closing", { items: [item({ startTime: "20:00" })] }, "Invalid time slot selected"],
    ["empty cart", { items: [] }, "Please add at least one item to your cart"],
    ["duration", { items: [item({ duration: 45 })] }, "Please choose a valid duration"],
    ["too far", { items: [item({ date: "2026-11-30" })] }, "You can only book up to 10 days in advance"],
    ["past", { items: [item({ date: "2026-11-17" })] }, "You cannot book for past days"],
    [
      "started",
      { items: [item({ date: "2026-11-18", startTime: "09:00", duration: 60 })] },
      "Invalid time slot selected",
    ],
  ])("%s", async (_label, overrides, message) => {
    const response = await t.client().post("/api/booking/holds", holdBody(overrides));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(message);
  });
});

describe("POST /api/booking/holds", () => {
  it("holds the lowest-numbered free court for 15 minutes at the server's price", async () => {
    const date = "2026-11-25";
    await confirmedReservation({ date, courtId: 1 });
    const hold = await createHoldOk(
      t.client(),
      holdBody({
        items: [item({ date }), item({ date, facilityType: "dart_bay", startTime: "19:00", duration: 60 })],
        customer: {
          ...holdBody().customer,
          phone: "(512) 555-0100",
          smsConsent: true,
          notes: "  Birthday  ",
        },
      }),
    );
    expect(hold).toMatchObject({
      status: "active",
      expiresAt: new Date(NOW.getTime() + HOLD_MS).toISOString(),
      subtotalCents: 6750 + 3000,
      discountCents: 0,
      totalCents: 9750,
      coupon: null,
    });
    expect(hold.holdToken.length).toBeGreaterThanOrEqual(40);
    expect(hold.items.map((i) => [i.facilityName, i.displayTime, i.priceCents])).toEqual([
      ["Court 2", "5:00 PM - 6:30 PM", 6750],
      ["Dart Bay 1", "7:00 PM - 8:00 PM", 3000],
    ]);
    const rows = await t.db.select().from(reservations).where(eq(reservations.holdId, hold.holdId));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        status: "pending",
        paymentStatus: "pending",
        customerName: "Jordan Park",
        customerPhone: "+15125550100",
        wantsSmsReminders: true,
        notes: "Birthday",
        userId: null,
        isMember: false,
      });
      expect(row.holdExpiresAt?.toISOString()).toBe(hold.expiresAt);
    }
    const [stored] = await t.db.select().from(holds).where(eq(holds.id, hold.holdId));
    expect(stored?.tokenHash).not.toContain(hold.holdToken);
  });

  it("a member's hold carries their id and member prices; an admin can book for a member", async () => {
    const member = await t.createMember();
    const memberClient = await t.signIn(member.email, member.password);
    const own = await createHoldOk(memberClient, holdBody({ items: [item({ date: "2026-11-26" })] }));
    expect(own.totalCents).toBe(6000);
    const [row] = await t.db.select().from(reservations).where(eq(reservations.holdId, own.holdId));
    expect(row).toMatchObject({ userId: member.id, isMember: true });

    const admin = await t.createAdmin();
    const adminClient = await t.signIn(admin.email, admin.password);
    // 14 days ahead: the member's window, not a guest's.
    const forMember = await createHoldOk(
      adminClient,
      holdBody({ memberId: member.id, items: [item({ date: "2026-12-02" })] }),
    );
    expect(forMember.totalCents).toBe(6000);
    const [booked] = await t.db.select().from(reservations).where(eq(reservations.holdId, forMember.holdId));
    expect(booked?.userId).toBe(member.id);

    const notAdmin = await memberClient.post("/api/booking/holds", holdBody({ memberId: admin.id }));
    expect(notAdmin.status).toBe(403);
  });

  it("50 buyers racing for one court slot: exactly the free courts are held, the rest get a clear 409", {
    timeout: 180_000,
  }, async () => {
    const date = "2026-11-27";
    await confirmedReservation({ date, courtId: 3 });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.client().post(
          "/api/booking/holds",
          holdBody({
            items: [item({ date })],
            customer: { ...holdBody().customer, email: `racer${i}@example.test` },
          }),
        ),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(7);
    expect(statuses.filter((s) => s === 409)).toHaveLength(43);
    const conflicts = await Promise.all(
      responses
        .filter((r) => r.status === 409)
        .map(async (r) => (await errorOf(r)) as { code: string; message: string; details?: unknown }),
    );
    // Every loser hears the spec's message and is offered the next-best free time: 3:30 and
    // 6:30 PM are equally near 5:00 for 90 minutes; the later one is offered.
    for (const conflict of conflicts) {
      expect(conflict).toMatchObject({
        code: "SLOT_TAKEN",
        message: "Court time Fri, Nov 27 5:00 PM - 6:30 PM is no longer available",
        details: { facilityType: "court", date, startTime: "17:00", nextFreeStartTime: "18:30" },
      });
    }
    const rows = await t.db.select({ courtId: reservations.courtId }).from(reservations).where(live(date));
    const courtsHeld = rows.map((r) => r.courtId).sort();
    expect(courtsHeld).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await availableAt("court", date, 90, "17:00")).toBe(0);
  });

  it("50 buyers racing for the one free dart bay: one hold", { timeout: 180_000 }, async () => {
    const date = "2026-11-27";
    for (const dartBayId of [1, 2, 4]) {
      await confirmedReservation({
        date,
        facilityType: "dart_bay",
        dartBayId,
        startTime: "20:00",
        endTime: "21:00",
        duration: 60,
      });
    }
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        t
          .client()
          .post(
            "/api/booking/holds",
            holdBody({ items: [item({ date, facilityType: "dart_bay", startTime: "19:30", duration: 60 })] }),
          ),
      ),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(49);
    expect(responses.some((r) => r.status >= 500)).toBe(false);
    const [winner] = await t.db
      .select({ dartBayId: reservations.dartBayId })
      .from(reservations)
      .where(and(live(date), eq(reservations.facilityType, "dart_bay"), eq(reservations.startTime, "19:30")));
    expect(winner?.dartBayId).toBe(3);
  });

  it("is all or nothing: when the second item cannot be held, nothing is created", async () => {
    const date = "2026-11-28";
    for (let courtId = 1; courtId <= 8; courtId++) {
      await confirmedReservation({ date, courtId, startTime: "12:00", endTime: "13:00", duration: 60 });
    }
    const [before] = await t.db.select({ n: count() }).from(holds);
    const response = await t.client().post(
      "/api/booking/holds",
      holdBody({
        items: [
          item({ date, startTime: "10:00", duration: 60 }),
          item({ date, startTime: "12:00", duration: 60 }),
        ],
      }),
    );
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe(
      "Court time Sat, Nov 28 12:00 PM - 1:00 PM is no longer available",
    );
    const [after] = await t.db.select({ n: count() }).from(holds);
    expect(after?.n).toBe(before?.n);
    const pending = await t.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.date, date), eq(reservations.status, "pending")));
    expect(pending).toHaveLength(0);
    expect(await availableAt("court", date, 60, "10:00")).toBe(8);
  });

  it("an ended hold frees its slot at once, and the next hold cancels it", async () => {
    const date = "2026-11-26";
    const start = "11:00";
    const first = await Promise.all(
      Array.from({ length: 8 }, () =>
        createHoldOk(t.client(), holdBody({ items: [item({ date, startTime: start, duration: 60 })] })),
      ),
    );
    expect(await availableAt("court", date, 60, start)).toBe(0);
    clock.advance(HOLD_MS);
    try {
      // Before any sweeper: availability already ignores the ended holds.
      expect(await availableAt("court", date, 60, start)).toBe(8);
      const next = await createHoldOk(
        t.client(),
        holdBody({ items: [item({ date, startTime: start, duration: 60 })] }),
      );
      expect(next.items[0]?.facilityName).toBe("Court 1");
      const old = await t.db
        .select()
        .from(holds)
        .where(eq(holds.id, present(first[0]).holdId));
      expect(old[0]?.status).toBe("expired");
      const [cancelled] = await t.db
        .select()
        .from(reservations)
        .where(eq(reservations.holdId, present(first[0]).holdId));
      expect(cancelled).toMatchObject({ status: "cancelled", cancelReason: "hold_expired" });
      expect(await availableAt("court", date, 60, start)).toBe(7);
      await expireHolds(t.deps);
    } finally {
      clock.set(NOW);
    }
  });
});

describe("cancelling in payment mode", () => {
  it("only the holder of the token can remove an item", async () => {
    const hold = await createHoldOk(
      t.client(),
      holdBody({
        items: [
          item({ date: "2026-11-24", startTime: "09:00" }),
          item({ date: "2026-11-24", startTime: "11:00" }),
        ],
      }),
    );
    const [first, second] = hold.items;
    const path = `/api/booking/holds/${hold.holdId}/items/${present(first).reservationId}/cancel`;

    const stranger = await t.client().post(path, { holdToken: "guessing-the-token" });
    expect(stranger.status).toBe(403);
    const [still] = await t.db
      .select()
      .from(reservations)
      .where(eq(reservations.id, present(first).reservationId));
    expect(still?.status).toBe("pending");

    const mine = await t.client().post(path, { holdToken: hold.holdToken });
    expect(mine.status).toBe(200);
    const body = (await mine.json()) as CancelItemResponse;
    expect(body.message).toBe("Reservation cancelled");
    expect(body.hold).toMatchObject({ status: "active", subtotalCents: 3750, totalCents: 3750 });
    expect(body.hold.items.map((i) => i.reservationId)).toEqual([present(second).reservationId]);

    const again = await t.client().post(path, { holdToken: hold.holdToken });
    expect(((await again.json()) as CancelItemResponse).message).toBe("Reservation was already cancelled");

    // Removing the last item ends the hold.
    const last = await t
      .client()
      .post(`/api/booking/holds/${hold.holdId}/items/${present(second).reservationId}/cancel`, {
        holdToken: hold.holdToken,
      });
    expect(((await last.json()) as CancelItemResponse).hold.status).toBe("cancelled");
  });

  it("/cancel cancels the whole hold with its token, and frees the slot", async () => {
    const date = "2026-11-24";
    const hold = await createHoldOk(t.client(), holdBody({ items: [item({ date, startTime: "13:00" })] }));
    const before = await availableAt("court", date, 90, "13:00");
    const refused = await t
      .client()
      .post("/api/booking/holds/cancel", { holdId: hold.holdId, holdToken: "nope" });
    expect(refused.status).toBe(403);
    const response = await t.client().post("/api/booking/holds/cancel", {
      holdId: hold.holdId,
      holdToken: hold.holdToken,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      message: "Reservation cancelled",
      hold: { status: "cancelled" },
    });
    expect(await availableAt("court", date, 90, "13:00")).toBe((before ?? 0) + 1);
  });

  it("reads the hold back only with its token", async () => {
    const hold = await createHoldOk(
      t.client(),
      holdBody({ items: [item({ date: "2026-11-24", startTime: "15:00" })] }),
    );
    const without = await t.client().get(`/api/booking/holds/${hold.holdId}`);
    expect(without.status).toBe(403);
    const withToken = await t.client().get(`/api/booking/holds/${hold.holdId}`, {
      headers: { "x-hold-token": hold.holdToken },
    });
    expect(await withToken.json()).toMatchObject({ holdId: hold.holdId, status: "active", totalCents: 3750 });
  });
});
