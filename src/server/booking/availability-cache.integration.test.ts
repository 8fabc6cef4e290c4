import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkoutOk,
  completedEvent,
  createHoldOk,
  HOLD_MS,
  holdBody,
  item,
  MONDAY,
  NOW,
  paymentForSession,
  postWebhook,
  signForTestProvider,
} from "../../../tests/integration/kits/booking-test-kit";
import { createTestApp, type TestApp, testClock } from "../../../tests/integration/kits/harness";
import type { AvailabilityResponse } from "../../contracts/booking";
import { reservations } from "../db/schema";
import { expireHolds } from "../kernel/schedule/expire-holds";
import { present } from "../lib/present";

// The availability read cache (docs/decisions/011), switched on with a long life so only a write
// can end it: the product's own writes must show at once, never after the cache runs out.
const clock = testClock(NOW);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, env: { AVAILABILITY_CACHE_MS: "60000" } });
  await t.seedFacilities();
});
afterAll(() => t?.close());

async function freeCourtsAt(start: string): Promise<number> {
  const response = await t
    .client()
    .get(`/api/booking/availability?facilityType=court&date=${MONDAY}&duration=60`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as AvailabilityResponse;
  return present(body.slots.find((s) => s.startTime === start)).availableFacilities;
}

describe("availability read cache", () => {
  it("serves repeated lookups from one read: a row written behind the app's back stays unseen", async () => {
    expect(await freeCourtsAt("10:00")).toBe(8);
    await t.db.insert(reservations).values({
      date: MONDAY,
      facilityType: "court",
      courtId: 8,
      duration: 60,
      startTime: "10:00",
      endTime: "11:00",
      status: "confirmed",
      paymentStatus: "paid",
      customerName: "Written directly",
    });
    expect(await freeCourtsAt("10:00")).toBe(8);
  });

  it("a refused write changed nothing and leaves it; staff changing a booking clears it", async () => {
    // Before any change through the API (a change's own notification, heard a moment later, clears
    // the cache again), rows written behind the app's back stay unseen until a schedule change.
    const direct = (courtId: number, startTime: string, endTime: string) =>
      t.db
        .insert(reservations)
        .values({
          date: MONDAY,
          facilityType: "court",
          courtId,
          duration: 60,
          startTime,
          endTime,
          status: "confirmed",
          paymentStatus: "paid",
          customerName: "Written directly",
        })
        .returning({ id: reservations.id });
    await direct(7, "10:00", "11:00");
    const [later] = await direct(1, "15:00", "16:00");
    expect(await freeCourtsAt("10:00")).toBe(8);
    const refused = await t.client().post("/api/booking/holds", { items: [] });
    expect(refused.status).toBe(400);
    expect(await freeCourtsAt("10:00")).toBe(8);

    const admin = await t.createAdmin();
    const staff = await t.signIn(admin.email, admin.password);
    const cancelled = await staff.patch(`/api/admin/reservations/${present(later).id}/status`, {
      status: "cancelled",
    });
    expect(cancelled.status).toBe(200);
    expect(await freeCourtsAt("10:00")).toBe(6);
  });

  it("shows a hold made through the API at once, and its cancellation too", async () => {
    const before = await freeCourtsAt("12:00");
    const hold = await createHoldOk(
      t.client(),
      holdBody({ items: [item({ startTime: "12:00", duration: 60 })] }),
    );
    expect(await freeCourtsAt("12:00")).toBe(before - 1);

    const cancelled = await t.client().post("/api/booking/holds/cancel", {
      holdId: hold.holdId,
      holdToken: hold.holdToken,
    });
    expect(cancelled.status).toBe(200);
    expect(await freeCourtsAt("12:00")).toBe(before);
  });

  it("shows at once the place a payment takes back after its hold ended (issue 35: no notification for a live hold's)", async () => {
    const client = t.client();
    const hold = await createHoldOk(
      client,
      holdBody({ items: [item({ startTime: "17:00", duration: 60 })] }),
    );
    const checkout = await checkoutOk(client, hold);
    const payment = await paymentForSession(t.deps, checkout.sessionId);
    const held = await freeCourtsAt("17:00");
    clock.advance(HOLD_MS + 60_000);
    try {
      await expireHolds(t.deps);
      // The read kept from before the clock's jump is forgotten (in real time it lasts a second);
      // the next one reads the ended hold's court as free and is kept.
      t.deps.schedule.clearHere();
      expect(await freeCourtsAt("17:00")).toBe(held + 1);
      const payload = completedEvent(payment);
      const paid = await postWebhook(t.request, payload, signForTestProvider(t.deps, payload, clock.now()));
      expect(await paid.json()).toMatchObject({ outcome: "confirmed" });
      expect(await freeCourtsAt("17:00")).toBe(held);
    } finally {
      clock.set(NOW);
    }
  });
});
