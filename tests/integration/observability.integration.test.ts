import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminTestbed,
  adminTestbed,
  MANAGER_PASSWORD,
  paidOnlineReservation,
} from "../../src/server/admin/admin-test-kit";
import { present } from "../../src/server/kernel/present";
import { expireHolds } from "../../src/server/kernel/schedule/expire-holds";
import { createHoldOk, HOLD_MS, holdBody, item } from "./booking-test-kit";
import { createTestApp } from "./harness";

// Issue 13 §4, as an operator sees it: request ids and access lines in the log, business events
// with their ids, and the Prometheus endpoint behind its token.

const TOKEN = "metrics-token-for-tests-0123456789";
let bed: AdminTestbed;
let lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  bed = await adminTestbed({ METRICS_TOKEN: TOKEN });
  bed.t.deps.logger = pino(
    { level: "info" },
    new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    }),
  );
});
afterAll(() => bed?.t.close());

const events = (name: string) => lines.filter((l) => l.event === name);

async function scrape(token = TOKEN): Promise<Response> {
  return bed.t.request("/metrics", { headers: { authorization: `Bearer ${token}` } });
}

/** One sample's value from the text format, e.g. value(body, "venue_holds_active"). */
function value(body: string, sample: string): number | undefined {
  const line = body.split("\n").find((l) => l.startsWith(`${sample} `));
  return line === undefined ? undefined : Number(line.slice(sample.length + 1));
}

describe("request ids and access lines", () => {
  it("every response carries an X-Request-Id, and one access line per request names it", async () => {
    lines = [];
    const response = await bed.t.request(
      "/api/booking/availability?facilityType=court&date=2026-11-23&duration=60",
    );
    expect(response.status).toBe(200);
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const access = lines.filter((l) => l.msg === "request");
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({
      level: 30,
      reqId: id,
      method: "GET",
      path: "/api/booking/availability",
      route: "/api/booking/availability",
      status: 200,
    });
    expect(typeof present(access[0], "access line").ms).toBe("number");
  });

  it("keeps a sane id from the proxy and replaces one that could forge log lines", async () => {
    const kept = await bed.t.request("/api/session", { headers: { "x-request-id": "proxy-abc123.def" } });
    expect(kept.headers.get("x-request-id")).toBe("proxy-abc123.def");
    for (const bad of ['x" {"level":60,"msg":"forged"}', "a".repeat(200), "short", "../../etc"]) {
      const replaced = await bed.t.request("/api/session", { headers: { "x-request-id": bad } });
      expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("a 404 and an error answer carry the id too, and the route is the pattern, not the raw path", async () => {
    lines = [];
    const missing = await bed.t.request(
      "/api/booking/holds/00000000-0000-4000-8000-000000000000?holdToken=x",
    );
    expect(missing.headers.get("x-request-id")).toBeTruthy();
    const [access] = lines.filter((l) => l.msg === "request");
    expect(access?.route).not.toContain("00000000");
    expect(access?.reqId).toBe(missing.headers.get("x-request-id"));
  });
});

describe("GET /metrics", () => {
  it("is off (404) without METRICS_TOKEN", async () => {
    const t = await createTestApp();
    try {
      const response = await t.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("venue_holds_active");
    } finally {
      await t.close();
    }
  });

  it("refuses a scrape without the token or with a wrong one", async () => {
    expect((await bed.t.request("/metrics")).status).toBe(401);
    const wrong = await scrape("metrics-token-for-tests-0123456788");
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain("venue_holds_active");
  });

  it("moves when a hold is made: holds active, request latency by route, outbox, pool", async () => {
    const before = await (await scrape()).text();
    const activeBefore = present(value(before, "venue_holds_active"), "venue_holds_active before");
    expect(activeBefore).toBeGreaterThanOrEqual(0);
    await createHoldOk(bed.t.client(), holdBody({ items: [item({ startTime: "10:00", duration: 60 })] }));
    await bed.t.deps.outbox.enqueue(bed.t.db, { to: "queued@example.test", subject: "Queued", text: "Hi" });
    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const body = await response.text();
    expect(value(body, "venue_holds_active")).toBe(activeBefore + 1);
    expect(
      value(
        body,
        'http_request_duration_seconds_count{method="POST",route="/api/booking/holds",status="201"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(body).not.toMatch(/route="[^"]*[0-9a-f]{8}-[0-9a-f]{4}/);
    expect(value(body, "venue_outbox_pending")).toBe(
      present(value(before, "venue_outbox_pending"), "venue_outbox_pending before") + 1,
    );
    expect(value(body, "venue_outbox_oldest_pending_age_seconds")).toBeGreaterThan(0);
    for (const name of [
      "venue_bookings_confirmed",
      "venue_payments_refunded",
      "venue_outbox_pending",
      "venue_outbox_oldest_pending_age_seconds",
      'venue_db_pool_connections{state="max"}',
    ]) {
      expect(value(body, name), name).toBeGreaterThanOrEqual(0);
    }
  });
});

describe("business events in the log", () => {
  it("hold created and expired, payment confirmed, manager action — each with its ids", async () => {
    lines = [];
    const hold = await createHoldOk(
      bed.t.client(),
      holdBody({ items: [item({ startTime: "12:00", duration: 60 })] }),
    );
    expect(events("hold.created")).toEqual([
      expect.objectContaining({ level: 30, holdId: hold.holdId, msg: "hold created" }),
    ]);

    bed.clock.advance(HOLD_MS + 1000);
    await expireHolds(bed.t.deps);
    expect(events("hold.expired").map((l) => l.holdId)).toContain(hold.holdId);

    const paid = await paidOnlineReservation(bed.t, { startTime: "14:00", email: "events@example.test" });
    const confirmed = events("payment.confirmed");
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]).toMatchObject({ level: 30, purpose: "reservation", outcome: "confirmed" });
    expect(present(confirmed[0], "payment.confirmed line").providerEventId).toBeTruthy();
    expect(paid.status).toBe("confirmed");

    const member = await bed.t.createMember();
    const freeze = await bed.admin.post(`/api/admin/members/${member.id}/freeze`, {
      managerPassword: MANAGER_PASSWORD,
      freeze: true,
    });
    expect(freeze.status).toBe(200);
    expect(events("manager.action")).toEqual([
      expect.objectContaining({
        level: 30,
        action: "freeze_account",
        targetId: member.id,
        actorUserId: bed.adminId,
        outcome: "success",
      }),
    ]);
    // Business lines never carry the password or the customer's email.
    const text = JSON.stringify(lines);
    expect(text).not.toContain(MANAGER_PASSWORD);
    expect(text).not.toContain("events@example.test");
  });
});
