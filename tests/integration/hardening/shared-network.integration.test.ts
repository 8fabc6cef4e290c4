import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CreateHoldResponse } from "../../../src/contracts/booking-holds";
import { present } from "../../../src/server/lib/present";
import { checkoutOk, holdBody, item, MONDAY, NOW } from "../kits/booking-test-kit";
import { createTestApp, type TestApp, type TestClient, testClock } from "../kits/harness";

// ISSUE 30 item 11: the hold limits treated everyone behind one address as one visitor, so a
// brand-new guest on a venue's Wi-Fi was told "You already have 2 reservations waiting for payment"
// and the 10-holds-per-10-minutes cap per address refused a rush. Now a visitor is the hold token,
// the email or the account; the address is only a high ceiling against floods (100 holds in 10
// minutes by default), and every refusal names the limit it met (error.details.limit).

const VENUE_WIFI = "203.0.113.50";

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

// 23 start times from 9:00 AM (Monday opens 9–9) on 8 courts: 184 one-hour places.
const startOf = (i: number) => {
  const minutes = 9 * 60 + (i % 23) * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
};
// Monday, then Tuesday: one-hour holds on a half-hour grid fit 92 a day.
const body = (i: number, email = `player-${i}@example.test`) =>
  holdBody({
    items: [item({ date: i < 90 ? MONDAY : "2026-11-24", startTime: startOf(i), duration: 60 })],
    customer: { ...holdBody().customer, email },
  });

type Refusal = { code: string; message: string; details?: { limit?: string; retryAfter?: number } };
const refusalOf = async (response: Response) => ((await response.json()) as { error: Refusal }).error;

async function pay(client: TestClient, hold: CreateHoldResponse) {
  const checkout = await checkoutOk(client, hold);
  return (await client.request(`${checkout.url}/pay`, { method: "POST" })).status;
}

describe("limits that do not punish a shared network", () => {
  it("50 players behind one venue address each book in a rush: 50 holds, 50 payments, 0 refusals", async () => {
    const players = Array.from({ length: 50 }, () => t.client({ ip: VENUE_WIFI }));
    const holds = await Promise.all(players.map((p, i) => p.post("/api/booking/holds", body(i))));
    expect(holds.map((r) => r.status)).toEqual(Array(50).fill(201));

    const paid = await Promise.all(
      holds.map(async (r, i) => pay(present(players[i]), (await r.json()) as CreateHoldResponse)),
    );
    expect(paid).toEqual(Array(50).fill(303));
    const [row] = await t.db
      .execute(sql`select count(*)::int as n from reservations where status = 'confirmed'`)
      .then((r) => (r as unknown as { rows: Array<{ n: number }> }).rows);
    expect(present(row).n).toBe(50);
  }, 240_000);

  it("a new guest on an address whose other guest holds two is not refused", async () => {
    const first = t.client({ ip: VENUE_WIFI });
    expect((await first.post("/api/booking/holds", body(1, "first@example.test"))).status).toBe(201);
    expect((await first.post("/api/booking/holds", body(2, "first@example.test"))).status).toBe(201);

    const newcomer = await t
      .client({ ip: VENUE_WIFI })
      .post("/api/booking/holds", body(3, "new@example.test"));
    expect(newcomer.status).toBe(201);
  });

  it("a visitor's own third hold is refused, naming the limit: by email, by hold token, by account", async () => {
    const byEmail = [1, 2, 3].map((i) => t.client().post("/api/booking/holds", body(i, "same@example.test")));
    const emailStatuses = [];
    for (const r of byEmail) emailStatuses.push(await r);
    expect(emailStatuses.map((r) => r.status)).toEqual([201, 201, 429]);
    const emailRefusal = await refusalOf(present(emailStatuses[2]));
    expect(emailRefusal.details?.limit).toBe("activePerVisitor");
    expect(emailRefusal.message).toMatch(/^You already have 2 reservations waiting for payment/);

    const browser = t.client({ ip: VENUE_WIFI });
    const a = (await (await browser.post("/api/booking/holds", body(4, "a@example.test"))).json()) as {
      holdToken: string;
    };
    await browser.post("/api/booking/holds", body(5, "a@example.test"));
    const withToken = await browser.post("/api/booking/holds", body(6, "b@example.test"), {
      headers: { "x-hold-token": a.holdToken },
    });
    expect(withToken.status).toBe(429);
    expect((await refusalOf(withToken)).details?.limit).toBe("activePerVisitor");

    const member = await t.createMember();
    const signedIn = await t.signIn(member.email, member.password, { ip: VENUE_WIFI });
    const statuses: number[] = [];
    let last: Response | null = null;
    for (let i = 7; i < 10; i++) {
      last = await signedIn.post("/api/booking/holds", body(i, `alias-${i}@example.test`));
      statuses.push(last.status);
    }
    expect(statuses).toEqual([201, 201, 429]);
    expect((await refusalOf(present(last))).details?.limit).toBe("activePerVisitor");
  });

  it("a flood from one address meets the address's ceiling (100 in 10 minutes), and the refusal says so", async () => {
    const responses = await Promise.all(
      Array.from({ length: 110 }, (_, i) => t.client({ ip: VENUE_WIFI }).post("/api/booking/holds", body(i))),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(100);
    const refused = present(responses.find((r) => r.status === 429));
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const refusal = await refusalOf(refused);
    expect(refusal.details?.limit).toBe("perAddress");
    expect(refusal.message).toBe(
      "Too many reservations started from your network: at most 100 in 10 minutes. Please try again in 10 minutes.",
    );
  }, 240_000);

  it("one IPv6 /64 is one address for the ceiling", async () => {
    await t.db.execute(sql`
      insert into venue_settings (id, hold_limit_per_address) values (1, 3)
      on conflict (id) do update set hold_limit_per_address = 3`);
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) {
      const client = t.client({ ip: `2001:db8:50:1::${i.toString(16)}` });
      statuses.push((await client.post("/api/booking/holds", body(i))).status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it("too many slots in one hold names its limit too", async () => {
    const items = Array.from({ length: 9 }, (_, i) =>
      item({ date: MONDAY, startTime: startOf(i * 2), duration: 60 }),
    );
    const response = await t.client().post("/api/booking/holds", holdBody({ items }));
    expect(response.status).toBe(400);
    expect((await refusalOf(response)).details?.limit).toBe("slotsPerHold");
  });
});
