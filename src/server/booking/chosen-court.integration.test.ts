import { and, count, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHoldOk, holdBody, item, NOW } from "../../../tests/integration/kits/booking-test-kit";
import { createTestApp, errorOf, type TestApp, testClock } from "../../../tests/integration/kits/harness";
import type { AvailabilityResponse } from "../../contracts/booking";
import { holds, reservations } from "../db/schema";
import { present } from "../lib/present";
import { UNKNOWN_FACILITY_MESSAGE } from "./full-slots";

// Issue 34, the per-court view: a player who chose a court is held on that court, or refused.
const clock = testClock(NOW);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await t.seedFacilities();
});
afterAll(() => t?.close());

const live = (date: string) => and(eq(reservations.date, date), ne(reservations.status, "cancelled"));

async function bookedElsewhere(date: string, courtId: number, startTime = "17:00", endTime = "18:30") {
  await t.db.insert(reservations).values({
    date,
    facilityType: "court",
    courtId,
    duration: 90,
    startTime,
    endTime,
    priceCents: 6750,
    status: "confirmed",
    paymentStatus: "paid",
    customerName: "Already booked",
  });
}

async function heldCount() {
  const [row] = await t.db.select({ n: count() }).from(holds);
  return row?.n ?? 0;
}

describe("GET /api/booking/availability?courts=true", () => {
  it("lists the day's courts by name and each slot's free courts; without it, neither", async () => {
    const date = "2026-11-24";
    await bookedElsewhere(date, 3);
    const url = `/api/booking/availability?facilityType=court&date=${date}&duration=90`;
    const plain = (await (await t.client().get(url)).json()) as AvailabilityResponse;
    expect(plain.facilities).toBeUndefined();
    expect(plain.slots[0]?.freeFacilityIds).toBeUndefined();

    const body = (await (await t.client().get(`${url}&courts=true`)).json()) as AvailabilityResponse;
    expect(body.facilities?.map((f) => f.name)).toEqual(
      Array.from({ length: body.facilities?.length ?? 0 }, (_, i) => `Court ${i + 1}`),
    );
    const at = (start: string) => body.slots.find((s) => s.startTime === start);
    expect(at("17:00")?.freeFacilityIds).not.toContain(3);
    expect(at("17:00")?.freeFacilityIds).toContain(1);
    expect(at("17:00")?.freeFacilityIds).toHaveLength(present(at("17:00")).availableFacilities);
    expect(at("18:30")?.freeFacilityIds).toContain(3);
    // Everything else is the default answer's.
    expect(body.slots.map(({ freeFacilityIds: _f, ...s }) => s)).toEqual(plain.slots);
  });
});

describe("POST /api/booking/holds with a chosen court", () => {
  it("holds the chosen court, not the lowest free one", async () => {
    const date = "2026-11-25";
    const hold = await createHoldOk(t.client(), holdBody({ items: [item({ date, facilityId: 3 })] }));
    expect(hold.items.map((i) => [i.facilityId, i.facilityName])).toEqual([[3, "Court 3"]]);
    const rows = await t.db.select().from(reservations).where(eq(reservations.holdId, hold.holdId));
    expect(rows.map((r) => [r.courtId, r.status])).toEqual([[3, "pending"]]);
  });

  it("keeps a cart's other items off the chosen court, and in the cart's order", async () => {
    const date = "2026-11-26";
    // Any court first: left to itself it would take Court 1, which the second item chose.
    const hold = await createHoldOk(
      t.client(),
      holdBody({ items: [item({ date }), item({ date, facilityId: 1 })] }),
    );
    expect(hold.items.map((i) => i.facilityId)).toEqual([2, 1]);
  });

  it("refuses a taken court with 409 and the spec's message, holding nothing, though others are free", async () => {
    const date = "2026-11-27";
    await bookedElsewhere(date, 3);
    const holdsBefore = await heldCount();
    const response = await t
      .client()
      .post("/api/booking/holds", holdBody({ items: [item({ date, facilityId: 3 })] }));
    expect(response.status).toBe(409);
    const error = await errorOf(response);
    expect(error.code).toBe("SLOT_TAKEN");
    expect(error.message).toBe("Court time Fri, Nov 27 5:00 PM - 6:30 PM is no longer available");
    expect(await heldCount()).toBe(holdsBefore);
    const [row] = await t.db.select({ n: count() }).from(reservations).where(live(date));
    expect(row?.n).toBe(1);
  });

  it("refuses a court chosen twice for the same time: the second is taken by the first, nothing held", async () => {
    const date = "2026-11-24";
    const holdsBefore = await heldCount();
    const response = await t.client().post(
      "/api/booking/holds",
      holdBody({
        items: [
          item({ date, startTime: "10:00", facilityId: 5 }),
          item({ date, startTime: "10:30", facilityId: 5 }),
        ],
      }),
    );
    expect(response.status).toBe(409);
    expect(await heldCount()).toBe(holdsBefore);
  });

  it("refuses a court that is not one of the venue's active courts as bad input", async () => {
    const response = await t
      .client()
      .post(
        "/api/booking/holds",
        holdBody({ items: [item({ date: "2026-11-25", startTime: "12:00", facilityId: 99 })] }),
      );
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(UNKNOWN_FACILITY_MESSAGE);
  });
});
