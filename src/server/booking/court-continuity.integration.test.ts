import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHoldOk, holdBody, item, MONDAY, NOW } from "../../../tests/integration/kits/booking-test-kit";
import { createTestApp, type TestApp, testClock } from "../../../tests/integration/kits/harness";
import { reservations } from "../db/schema";

// DECISIONS.md Court continuity (issue 14, item 1): the server keeps a cart's slots on one court.
const clock = testClock(NOW);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await t.seedFacilities();
});
afterAll(() => t?.close());

const TUESDAY = "2026-11-24";

async function bookedElsewhere(date: string, courtId: number, startTime: string, endTime: string) {
  await t.db.insert(reservations).values({
    date,
    facilityType: "court",
    courtId,
    duration: 60,
    startTime,
    endTime,
    priceCents: 4000,
    status: "confirmed",
    paymentStatus: "paid",
    customerName: "Already booked",
  });
}

describe("court continuity in POST /api/booking/holds", () => {
  it("keeps 6-7 PM and 7-8 PM on one court when one is free for both (the issue's case)", async () => {
    // Court 1 is taken 6-7 PM only: the lowest court free for each slot alone would split the
    // cart between Court 2 and Court 1.
    await bookedElsewhere(MONDAY, 1, "18:00", "19:00");
    const hold = await createHoldOk(
      t.client(),
      holdBody({
        items: [item({ startTime: "18:00", duration: 60 }), item({ startTime: "19:00", duration: 60 })],
      }),
    );
    expect(hold.items.map((i) => [i.startTime, i.facilityId, i.facilityName])).toEqual([
      ["18:00", 2, "Court 2"],
      ["19:00", 2, "Court 2"],
    ]);
  });

  it("otherwise uses as few courts as possible", async () => {
    // Free courts per hour: 4-5 PM {1, 4}, 5-6 PM {2, 4}, 6-7 PM {3, 4}, 7-8 PM {3, 5}. Lowest
    // first would take Courts 1, 2, 3, 3; no court is free for all, and two are enough.
    const free: Record<string, number[]> = {
      "16:00": [1, 4],
      "17:00": [2, 4],
      "18:00": [3, 4],
      "19:00": [3, 5],
    };
    for (const [start, courts] of Object.entries(free)) {
      const end = `${Number(start.slice(0, 2)) + 1}:00`;
      for (let court = 1; court <= 8; court++) {
        if (!courts.includes(court)) await bookedElsewhere(TUESDAY, court, start, end);
      }
    }
    const hold = await createHoldOk(
      t.client(),
      holdBody({
        items: Object.keys(free).map((startTime) => item({ date: TUESDAY, startTime, duration: 60 })),
      }),
    );
    expect(hold.items.map((i) => i.facilityId)).toEqual([4, 4, 4, 3]);
  });

  it("still gives the same slot added twice two courts", async () => {
    const hold = await createHoldOk(
      t.client(),
      holdBody({
        items: [
          item({ date: "2026-11-25", startTime: "10:00", duration: 60 }),
          item({ date: "2026-11-25", startTime: "10:00", duration: 60 }),
        ],
      }),
    );
    expect(hold.items.map((i) => i.facilityId)).toEqual([1, 2]);
  });
});
