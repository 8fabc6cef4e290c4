import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { present } from "../../../src/server/lib/present";
import { holdBody, item, MONDAY, NOW } from "../kits/booking-test-kit";
import { createTestApp, errorOf, type TestApp, testClock } from "../kits/harness";

// ISSUE 12 "Safe to deploy" (DECISIONS.md Limits against hoarding): anonymous holds had no cap or
// rate limit, and one client held about 5,400 pending reservations in a few minutes. By default a
// visitor (hold token, email or account) has at most 2 active holds and 8 slots in one hold, and
// an address starts at most 100 holds in 10 minutes (issue 30 item 11 made the address a ceiling
// only: shared-network.integration.test.ts); signed-in staff are exempt; each is a venue setting,
// and each refusal says the limit and when to try again (429 with Retry-After for rates).

const HOARDER = "203.0.113.90";
const NEIGHBOUR = "198.51.100.77";
const ACTIVE_CAP = 2;

const clock = testClock(NOW);
let t: TestApp;
beforeEach(async () => {
  clock.set(NOW);
  t = await createTestApp({ now: clock.now });
  await t.seedFacilities();
});
afterEach(async () => {
  await t?.close();
});

// 23 start times from 9:00 AM (Monday opens 9–9), on 8 courts: room for every request below when no limit applies.
const startOf = (i: number) => {
  const minutes = 9 * 60 + (i % 23) * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
};
const body = (i: number, email = `hoarder-${i}@example.test`) =>
  holdBody({
    items: [item({ date: MONDAY, startTime: startOf(i), duration: 60 })],
    customer: { ...holdBody().customer, email },
  });

const countBy = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => {
    acc[s] = (acc[s] ?? 0) + 1;
    return acc;
  }, {});

describe("limits against hoarding", () => {
  it("50 holds in a row from one browser, a new email each time: only the cap succeed; the neighbour is unaffected", async () => {
    const hoarder = t.client({ ip: HOARDER });
    const statuses: number[] = [];
    let refusal: Response | null = null;
    // The browser sends the token of the hold it has (as the booking page does).
    let holdToken: string | null = null;
    for (let i = 0; i < 50; i++) {
      const response = await hoarder.post("/api/booking/holds", body(i), {
        headers: holdToken ? { "x-hold-token": holdToken } : {},
      });
      statuses.push(response.status);
      if (response.status !== 201) refusal ??= response;
      else holdToken = ((await response.json()) as { holdToken: string }).holdToken;
    }

    expect(countBy(statuses)).toEqual({ 201: ACTIVE_CAP, 429: 50 - ACTIVE_CAP });
    const refused = present(refusal, "a 429 refusal");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
    expect((await errorOf(refused)).message).toBe(
      "You already have 2 reservations waiting for payment, the most at one time. Complete or cancel one, or try again in 15 minutes.",
    );
    const neighbour = await t
      .client({ ip: NEIGHBOUR })
      .post("/api/booking/holds", body(60, "pat@example.test"));
    expect(neighbour.status).toBe(201);
  });

  it("50 parallel holds of one visitor from one address cannot pass the cap either", async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.client({ ip: HOARDER }).post("/api/booking/holds", body(i, "hoarder@example.test")),
      ),
    );

    const statuses = countBy(responses.map((r) => r.status));
    expect(statuses[201]).toBe(ACTIVE_CAP);
    expect(statuses[429]).toBe(50 - ACTIVE_CAP);
    const [row] = await t.db
      .execute(sql`select count(*)::int as n from holds where client_ip = ${HOARDER}`)
      .then((r) => (r as unknown as { rows: Array<{ n: number }> }).rows);
    expect(present(row, "hold count").n).toBe(ACTIVE_CAP);
  }, 180_000);

  it("one email from many addresses, or one browser's hold token, counts as one visitor", async () => {
    const first = await t.client().post("/api/booking/holds", body(1, "same@example.test"));
    const second = await t.client().post("/api/booking/holds", body(2, "SAME@example.test"));
    const third = await t.client().post("/api/booking/holds", body(3, "same@example.test"));
    expect([first.status, second.status, third.status]).toEqual([201, 201, 429]);

    const { holdToken } = (await first.json()) as { holdToken: string };
    const withToken = await t.client().post("/api/booking/holds", body(4, "new-name@example.test"), {
      headers: { "x-hold-token": holdToken },
    });
    expect(withToken.status).toBe(429);
  });

  it("an address starts at most its ceiling of holds (here 10) in 10 minutes, even when it cancels each one", async () => {
    await t.db.execute(sql`
      insert into venue_settings (id, hold_limit_per_address) values (1, 10)
      on conflict (id) do update set hold_limit_per_address = 10`);
    const hoarder = t.client({ ip: HOARDER });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await hoarder.post("/api/booking/holds", body(i));
      statuses.push(response.status);
      if (response.status === 201) {
        const hold = (await response.json()) as { holdId: string; holdToken: string };
        await hoarder.post("/api/booking/holds/cancel", { holdId: hold.holdId, holdToken: hold.holdToken });
      } else {
        // The first of the 10 was started i seconds ago; its place frees 10 minutes after it.
        expect(response.headers.get("retry-after")).toBe(String(600 - i));
        expect((await errorOf(response)).message).toBe(
          "Too many reservations started from your network: at most 10 in 10 minutes. Please try again in 10 minutes.",
        );
      }
      clock.advance(1000);
    }
    expect(countBy(statuses)).toEqual({ 201: 10, 429: 2 });

    clock.advance(10 * 60_000);
    expect((await hoarder.post("/api/booking/holds", body(20))).status).toBe(201);
  });

  it("a hold has at most 8 slots", async () => {
    const items = Array.from({ length: 9 }, (_, i) =>
      item({ date: MONDAY, startTime: startOf(i * 2), duration: 60 }),
    );

    const response = await t.client().post("/api/booking/holds", holdBody({ items }));

    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(
      "You can reserve at most 8 time slots at once. Please remove some and book the rest separately.",
    );
    expect((await t.client().post("/api/booking/holds", holdBody({ items: items.slice(0, 8) }))).status).toBe(
      201,
    );
  });

  it("signed-in staff are exempt", async () => {
    const admin = await t.createAdmin();
    const desk = await t.signIn(admin.email, admin.password, { ip: HOARDER });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await desk.post("/api/booking/holds", body(i, "walk-in@example.test"))).status);
    expect(statuses).toEqual([201, 201, 201, 201]);
  });

  it("the venue sets its own limits", async () => {
    await t.db.execute(sql`
      insert into venue_settings (id, hold_limit_active_per_visitor, hold_limit_slots_per_hold)
      values (1, 3, 2)
      on conflict (id) do update set hold_limit_active_per_visitor = 3, hold_limit_slots_per_hold = 2`);
    const visitor = t.client({ ip: HOARDER });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await visitor.post("/api/booking/holds", body(i, "regular@example.test"))).status);
    expect(statuses).toEqual([201, 201, 201, 429]);

    const threeSlots = holdBody({
      items: [0, 2, 4].map((i) => item({ date: MONDAY, startTime: startOf(i), duration: 60 })),
    });
    const response = await t.client().post("/api/booking/holds", threeSlots);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toMatch(/at most 2 time slots/);
  });
});
