import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHoldOk, holdBody, item, MONDAY, NOW } from "../../../tests/integration/booking-test-kit";
import { createTestApp, type TestApp, testClock } from "../../../tests/integration/harness";
import type { AvailabilityResponse } from "../../contracts/booking";
import { reservations } from "../db/schema";
import { present } from "../kernel/present";

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

  it("a refused write clears it as well (any state-changing request does)", async () => {
    // The directly written row from the first test shows once any write has run.
    const refused = await t.client().post("/api/booking/holds", { items: [] });
    expect(refused.status).toBe(400);
    expect(await freeCourtsAt("10:00")).toBe(7);
  });
});
