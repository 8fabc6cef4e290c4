import { Writable } from "node:stream";
import { crc32, deflateSync } from "node:zlib";
import { count, eq } from "drizzle-orm";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, holds, reservations } from "../../../src/server/db/schema";
import { present } from "../../../src/server/lib/present";
import {
  createHoldOk,
  holdBody,
  item,
  NOW,
  postWebhook,
  signForTestProvider,
} from "../kits/booking-test-kit";
import { eventBody, eventForm } from "../kits/events-test-kit";
import { createTestApp, errorOf, type TestApp, type TestClient, testClock } from "../kits/harness";

// Issue 12 "Safe to deploy": the smaller holes, each as an operator or attacker would meet it.

const clock = testClock(NOW);
/** The built-in test checkout (the default without Stripe keys). */
let t: TestApp;
/** No payment provider at all: production without Stripe keys. */
let unpaid: TestApp;
let admin: TestClient;
const logLines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  [t, unpaid] = await Promise.all([
    createTestApp({ now: clock.now }),
    createTestApp({ now: clock.now, env: { TEST_CHECKOUT: "false", VENUE_PHONE: "(512) 555-0199" } }),
  ]);
  expect(t.deps.payments?.name).toBe("test");
  expect(unpaid.deps.payments).toBeNull();
  await Promise.all([t.seedFacilities(), unpaid.seedFacilities()]);
  // The operator's log, as lines: what the app writes for a warning is what this test reads.
  t.deps.logger = pino(
    { level: "info" },
    new Writable({
      write(chunk, _encoding, done) {
        logLines.push(JSON.parse(chunk.toString()));
        done();
      },
    }),
  );
  const adminUser = await t.createAdmin();
  admin = await t.signIn(adminUser.email, adminUser.password);
});
afterAll(async () => {
  await Promise.all([t?.close(), unpaid?.close()]);
});

describe("the payment webhook", () => {
  const deliver = (payload: string, at: Date = clock.now()) =>
    postWebhook(t.request, payload, signForTestProvider(t.deps, payload, at));
  const event = (data: unknown, id: string) =>
    JSON.stringify({ id, object: "event", type: "checkout.session.completed", created: 1, data });

  it("a signed event whose data.object is missing or null answers 400 (not 500 on every retry) and is logged", async () => {
    for (const [id, data] of [
      ["evt_null_object", { object: null }],
      ["evt_missing_object", {}],
      ["evt_missing_data", undefined],
    ] as const) {
      logLines.length = 0;
      const response = await deliver(event(data, id));
      expect(response.status, id).toBe(400);
      expect((await errorOf(response)).code).toBe("VALIDATION");
      expect(
        logLines.some((l) => l.level === 40 && JSON.stringify(l).includes(id)),
        id,
      ).toBe(true);
    }
  });

  it("refuses a signature dated beyond the 5-minute tolerance in the future, as it does one in the past", async () => {
    const payload = event({ object: { id: "cs_future", object: "checkout.session", metadata: {} } }, "evt_f");
    for (const minutes of [6, 60, 24 * 60]) {
      const response = await deliver(payload, new Date(clock.now().getTime() + minutes * 60_000));
      expect(response.status, `${minutes} min ahead`).toBe(400);
      expect((await errorOf(response)).message).toBe("Invalid webhook signature");
    }
    // Within the tolerance (clocks drift a little) it is accepted.
    expect((await deliver(payload, new Date(clock.now().getTime() + 60_000))).status).toBe(200);
  });
});

describe("the development mailbox", () => {
  const fromSocket = (path: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.request(path, { headers }, { incoming: { socket: { remoteAddress } } });

  it("answers 404 for an id beyond any integer, not 500", async () => {
    const response = await t.request("/dev/mailbox/99999999999999999999");
    expect(response.status).toBe(404);
  });

  it("answers only loopback sockets, whatever X-Forwarded-For says", async () => {
    expect((await fromSocket("/dev/mailbox", "127.0.0.1")).status).toBe(200);
    expect((await fromSocket("/dev/mailbox", "::1")).status).toBe(200);
    expect((await fromSocket("/dev/mailbox", "::ffff:127.0.0.1")).status).toBe(200);
    expect((await fromSocket("/dev/sms", "127.0.0.1")).status).toBe(200);
    for (const address of ["192.168.1.20", "10.0.0.7", "::ffff:192.168.1.20", "2001:db8::1"]) {
      expect((await fromSocket("/dev/sms", address)).status, address).toBe(403);
      const refused = await fromSocket("/dev/mailbox", address);
      expect(refused.status, address).toBe(403);
      expect(await refused.text()).not.toContain("<table");
      const messages = await fromSocket("/dev/mailbox/messages.json", address, {
        "x-forwarded-for": "127.0.0.1",
      });
      expect(messages.status, address).toBe(403);
    }
  });
});

describe("event photos", () => {
  let day = 23;
  // Each event on its own day, so no two of them compete for a court.
  const upload = (name: string, bytes: Uint8Array, type: string) =>
    admin.request("/api/admin/events", {
      method: "POST",
      body: eventForm(eventBody({ name, courts: [5], date: `2026-11-${day++}` }), {
        bytes,
        name: `photo.${type.split("/")[1]}`,
        type,
      }),
    });
  const photoOf = async (name: string) =>
    (await t.db.select({ url: events.photoUrl }).from(events).where(eq(events.name, name)))[0]?.url;

  it("are served with their own sandboxing CSP, not the page's", async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#2a7" } })
      .png()
      .toBuffer();
    expect((await upload("Csp Night", png, "image/png")).status).toBe(201);
    const photo = await t.request(present(await photoOf("Csp Night"), "photo of Csp Night"));
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(await sharp(Buffer.from(await photo.arrayBuffer())).metadata()).toMatchObject({
      width: 40,
      height: 30,
    });
  });

  it("are re-encoded: a GIF that is also a script is stored without the script", async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c33" } })
      .gif()
      .toBuffer();
    // A GIF/JavaScript polyglot: a valid image whose trailing bytes are a script.
    const script = "*/=1;alert(document.cookie)//";
    const polyglot = Buffer.concat([gif, Buffer.from(script, "latin1")]);
    expect((await upload("Polyglot Night", polyglot, "image/gif")).status).toBe(201);
    const url = await photoOf("Polyglot Night");
    const stored = Buffer.from(
      await (await t.request(present(url, "photo of Polyglot Night"))).arrayBuffer(),
    );
    expect(stored.toString("latin1")).not.toContain("alert(");
    expect(stored.equals(polyglot)).toBe(false);
    expect((await sharp(stored).metadata()).width).toBe(8);
  });

  it("refuse an image of 30000 x 30000 pixels (a decompression bomb) and store nothing; a large photo is scaled down", async () => {
    const bomb = blackPng(30_000, 30_000);
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const response = await upload("Bomb Night", bomb, "image/png");
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toMatch(/too large/i);
    const [row] = await t.db.select({ n: count() }).from(events).where(eq(events.name, "Bomb Night"));
    expect(present(row, "event count").n).toBe(0);

    const wide = await sharp({ create: { width: 6000, height: 1000, channels: 3, background: "#369" } })
      .jpeg()
      .toBuffer();
    expect((await upload("Wide Night", wide, "image/jpeg")).status).toBe(201);
    const stored = await t.request(present(await photoOf("Wide Night"), "photo of Wide Night"));
    const meta = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect(meta.width).toBeLessThanOrEqual(2400);
    expect(meta.height).toBeLessThanOrEqual(2400);
  });
});

/** A real, valid 1-bit black PNG of any size: all-zero rows deflate about 1000 to 1. */
function blackPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("session cookies behind a TLS proxy", () => {
  it("are Secure with the __Host- prefix when PUBLIC_URL is https, whatever NODE_ENV", async () => {
    const tls = await createTestApp({ now: clock.now, env: { PUBLIC_URL: "https://venue.example" } });
    try {
      const user = await tls.createMember();
      const response = await tls.client().signIn(user.email, user.password);
      expect(response.status).toBe(200);
      const cookies = response.headers.getSetCookie();
      const session = cookies.find((c) => /session_token=/.test(c));
      expect(session).toBeDefined();
      expect(session).toMatch(/^__Host-/);
      expect(session).toMatch(/;\s*Secure/i);
      expect(session).toMatch(/;\s*Path=\//i);
      expect(session).not.toMatch(/;\s*Domain=/i);
      // The cookie it set signs the same browser in.
      const cookie = present(session, "session cookie");
      const name = present(cookie.split("=")[0], "cookie name");
      const value = present(cookie.split(";")[0], "cookie pair").slice(name.length + 1);
      const me = await tls.request("/api/session", { headers: { cookie: `${name}=${value}` } });
      expect(((await me.json()) as { user: { email: string } | null }).user?.email).toBe(user.email);
    } finally {
      await tls.close();
    }
  });
});

describe("without a payment provider", () => {
  it("the booking context says online payment is unavailable, with the venue's phone", async () => {
    const response = await unpaid.request("/api/booking/context");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      paymentProvider: "none",
      onlinePayment: { available: false, phone: "(512) 555-0199" },
    });
    const paid = (await (await t.request("/api/booking/context")).json()) as {
      onlinePayment: { available: boolean };
    };
    expect(paid.onlinePayment.available).toBe(true);
  });

  it("refuses the hold with a clear message and blocks no slot", async () => {
    const body = holdBody({ items: [item({ date: "2026-11-23", startTime: "10:00" })] });
    const response = await unpaid.client().post("/api/booking/holds", body);
    expect(response.status).toBe(503);
    const error = await errorOf(response);
    expect(error.code).toBe("PAYMENTS_UNAVAILABLE");
    expect(error.message).toBe(
      "Online payment is not available right now. Please call us at (512) 555-0199 to book.",
    );
    const [held] = await unpaid.db.select({ n: count() }).from(holds);
    const [reserved] = await unpaid.db.select({ n: count() }).from(reservations);
    expect([present(held, "hold count").n, present(reserved, "reservation count").n]).toEqual([0, 0]);
    // With a provider the same cart is held as before.
    expect((await createHoldOk(t.client(), body)).status).toBe("active");
  });

  it("free member bookings are unaffected", async () => {
    const member = await unpaid.createMember();
    const browser = await unpaid.signIn(member.email, member.password);
    const response = await browser.post("/api/membership/free-reservations", {
      date: "2026-11-19",
      startTime: "10:00",
    });
    expect(response.status).toBe(201);
  });
});
