import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBackup } from "../../src/server/cli/create-backup";
import { openDatabase } from "../../src/server/db/open-database";
import { backupRuns, smsOutbox } from "../../src/server/db/schema";
import { expireHolds } from "../../src/server/kernel/schedule/expire-holds";
import { present } from "../../src/server/lib/present";
import {
  type AdminTestbed,
  adminTestbed,
  MANAGER_PASSWORD,
  paidOnlineReservation,
} from "./kits/admin-test-kit";
import { createHoldOk, HOLD_MS, holdBody, item } from "./kits/booking-test-kit";
import { createTestApp, type TestApp } from "./kits/harness";

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
  if (line === undefined) return undefined;
  const text = line.slice(sample.length + 1);
  return text === "+Inf" ? Number.POSITIVE_INFINITY : Number(text);
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
      "venue_refunds_total",
      "venue_outbox_pending",
      "venue_outbox_oldest_pending_age_seconds",
      'venue_db_pool_connections{state="max"}',
    ]) {
      expect(value(body, name), name).toBeGreaterThanOrEqual(0);
    }
  });
});

// Issue 30 item 12: docs/monitoring.md read venue_bookings_confirmed (a gauge that drops on a
// refund) with increase(), which Prometheus takes for a counter's reset; texts and the backup had
// no metric at all.
describe("what is counted is a counter, what is a level a gauge", () => {
  const typeOf = (body: string, name: string) =>
    body
      .split("\n")
      .find((l) => l.startsWith(`# TYPE ${name} `))
      ?.split(" ")[3];

  it("every venue_ metric ending in _total is a counter and only those are; refunds, bookings and texts are counted", async () => {
    const body = await (await scrape()).text();
    const names = [...body.matchAll(/^# TYPE (venue_\S+) (\S+)$/gm)].map((m) => [m[1], m[2]]);
    expect(names.length).toBeGreaterThan(5);
    for (const [name, type] of names) expect(type, name).toBe(name?.endsWith("_total") ? "counter" : "gauge");
    for (const name of [
      "venue_bookings_made_total",
      "venue_refunds_total",
      "venue_refunded_cents_total",
      "venue_texts_sent_total",
      "venue_texts_failed_total",
    ]) {
      expect(typeOf(body, name), name).toBe("counter");
    }
    expect(typeOf(body, "venue_payments_refunded")).toBeUndefined();
  });

  it("a booking paid and then refunded by staff: bookings made +1 and stays, confirmed bookings back where they were, refunds +1 with its cents", async () => {
    const before = await (await scrape()).text();
    const num = (body: string, name: string) => present(value(body, name), name);
    const booking = await paidOnlineReservation(bed.t, { startTime: "19:00", email: "counted@example.test" });
    const paid = await (await scrape()).text();
    expect(num(paid, "venue_bookings_made_total")).toBe(num(before, "venue_bookings_made_total") + 1);
    expect(num(paid, "venue_bookings_confirmed")).toBe(num(before, "venue_bookings_confirmed") + 1);

    const refund = await bed.admin.post(`/api/admin/reservations/${booking.id}/refund`, {
      managerPassword: MANAGER_PASSWORD,
    });
    expect(refund.status).toBe(200);
    const after = await (await scrape()).text();
    expect(num(after, "venue_bookings_made_total")).toBe(num(paid, "venue_bookings_made_total"));
    expect(num(after, "venue_bookings_confirmed")).toBe(num(before, "venue_bookings_confirmed"));
    expect(num(after, "venue_refunds_total")).toBe(num(before, "venue_refunds_total") + 1);
    expect(num(after, "venue_refunded_cents_total")).toBe(
      num(before, "venue_refunded_cents_total") + booking.priceCents,
    );
  });

  it("texts sent and given up are counted from the SMS outbox", async () => {
    const before = await (await scrape()).text();
    await bed.t.db.insert(smsOutbox).values([
      { toPhone: "+15125550101", body: "Reminder", status: "sent", sentAt: new Date() },
      { toPhone: "+15125550102", body: "Reminder", status: "sent", sentAt: new Date() },
      { toPhone: "+15125550103", body: "Reminder", status: "failed", attempts: 8 },
    ]);
    const after = await (await scrape()).text();
    expect(value(after, "venue_texts_sent_total")).toBe(present(value(before, "venue_texts_sent_total")) + 2);
    expect(value(after, "venue_texts_failed_total")).toBe(
      present(value(before, "venue_texts_failed_total")) + 1,
    );
  });

  it("the age of the newest backup: +Inf before any, then seconds since the backup command finished", async () => {
    const t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const outDir = mkdtempSync(join(tmpdir(), "metrics-backup-"));
    try {
      const read = async () =>
        (await t.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } })).text();
      expect(typeOf(await read(), "venue_backup_age_seconds")).toBe("gauge");
      expect(value(await read(), "venue_backup_age_seconds")).toBe(Number.POSITIVE_INFINITY);
      if (!t.location.url) {
        // The embedded database is backed up with the app stopped, then the app starts again.
        await t.deps.outbox.stop();
        await t.deps.database.close();
      }
      await createBackup(
        {
          databaseUrl: t.location.url ?? undefined,
          dataDir: t.location.dataDir,
          storageDir: t.deps.config.storageDir,
        },
        outDir,
      );
      const [run] = await (t.location.url ? t.db : (await reopened(t)).db).select().from(backupRuns);
      expect(run?.archive).toMatch(/^venue-backup-\d{8}T\d{6}Z\.tar\.gz$/);
      if (t.location.url) {
        const age = present(value(await read(), "venue_backup_age_seconds"), "backup age");
        expect(age).toBeGreaterThanOrEqual(0);
        expect(age).toBeLessThan(60);
      }
    } finally {
      rmSync(outDir, { recursive: true, force: true });
      await t.close().catch(() => {});
    }
  });
});

/** The embedded database opened again after a backup closed it (the app's restart). */
async function reopened(t: TestApp) {
  const database = await openDatabase({ dataDir: t.location.dataDir });
  afterCleanup.push(() => database.close());
  return database;
}
const afterCleanup: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of afterCleanup) await close();
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
