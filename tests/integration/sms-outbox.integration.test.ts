import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { smsOutbox } from "../../src/server/db/schema";
import { createLogger } from "../../src/server/lib/logger";
import { createSmsOutbox } from "../../src/server/sms/sms-outbox";
import { createTwilioSender } from "../../src/server/sms/sms-sender";
import { createTestApp, type TestApp, testClock } from "./kits/harness";

// The Twilio adapter through the official SDK against a local fake of Twilio's Messages API (no
// real network), the SMS outbox's retries, the dev SMS page's rules, and the two settings screens' APIs.

type Call = { path: string; auth: string | undefined; form: URLSearchParams };

let fake: Server;
let fakeUrl = "";
const calls: Call[] = [];
let failNext = 0;

beforeAll(async () => {
  fake = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      calls.push({ path: req.url ?? "", auth: req.headers.authorization, form: new URLSearchParams(body) });
      res.setHeader("content-type", "application/json");
      if (failNext > 0) {
        failNext--;
        res.statusCode = 400;
        res.end(JSON.stringify({ code: 21211, message: "The 'To' number is not valid.", status: 400 }));
        return;
      }
      res.statusCode = 201;
      res.end(JSON.stringify({ sid: `SM${String(calls.length).padStart(32, "0")}`, status: "queued" }));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

describe("SMS through Twilio", () => {
  let t: TestApp;
  const clock = testClock("2026-11-20T15:00:00Z");
  beforeEach(async () => {
    calls.length = 0;
    failNext = 0;
    clock.set("2026-11-20T15:00:00Z");
    t = await createTestApp({ now: clock.now });
  });
  afterEach(async () => t.close());

  const outbox = () =>
    createSmsOutbox({
      db: t.db,
      logger: createLogger("silent"),
      now: clock.now,
      sender: createTwilioSender({
        accountSid: "AC00000000000000000000000000000001",
        authToken: "test-auth-token",
        from: "+15125550100",
        apiBase: fakeUrl,
      }),
    });

  it("sends a queued text once through the SDK, with the account's credentials", async () => {
    const sms = outbox();
    await sms.enqueue(t.db, { to: "+15125550111", body: "Reminder: Court 3", dedupeKey: "k1" });
    await sms.enqueue(t.db, { to: "+15125550111", body: "Reminder: Court 3", dedupeKey: "k1" });
    expect(await Promise.all([sms.deliverDue(), sms.deliverDue()])).toBeDefined();
    expect(await sms.deliverDue()).toBe(0);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.path).toBe("/2010-04-01/Accounts/AC00000000000000000000000000000001/Messages.json");
    expect(call?.form.get("To")).toBe("+15125550111");
    expect(call?.form.get("From")).toBe("+15125550100");
    expect(call?.form.get("Body")).toBe("Reminder: Court 3");
    const expected = Buffer.from("AC00000000000000000000000000000001:test-auth-token").toString("base64");
    expect(call?.auth).toBe(`Basic ${expected}`);
    const [row] = await t.db.select().from(smsOutbox);
    expect(row?.status).toBe("sent");
    expect(row?.providerMessageId).toMatch(/^SM/);
  });

  it("keeps a refused text and retries it later with backoff", async () => {
    const sms = outbox();
    failNext = 1;
    await sms.enqueue(t.db, { to: "+15125550111", body: "Hello" });
    expect(await sms.deliverDue()).toBe(0);
    const [failed] = await t.db.select().from(smsOutbox);
    expect(failed?.status).toBe("pending");
    expect(failed?.lastError).toContain("not valid");
    expect(await sms.deliverDue()).toBe(0); // not due yet
    clock.advance(60_000);
    expect(await sms.deliverDue()).toBe(1);
    expect(calls).toHaveLength(2);
  });

  it("shows unsent texts at /dev/sms to this machine only", async () => {
    await t.deps.sms.enqueue(t.db, { to: "+15125550111", body: "Dev <b>text</b>" });
    const fromSocket = (remoteAddress: string) =>
      t.app.request(
        "/dev/sms",
        { headers: { "x-forwarded-for": "127.0.0.1" } },
        { incoming: { socket: { remoteAddress } } },
      );
    const page = await fromSocket("127.0.0.1");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Dev &lt;b&gt;text&lt;/b&gt;");
    expect(html).toContain("Twilio is not configured");
    expect((await fromSocket("192.168.1.20")).status).toBe(403);
    const [row] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, "+15125550111"));
    expect(row?.status).toBe("pending");
  });
});

describe("reminder settings", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  it("lets a player turn reminders off and on in My Profile", async () => {
    const member = await t.createMember();
    const client = await t.signIn(member.email, member.password);
    expect(await (await client.get("/api/me/reminders")).json()).toEqual({ enabled: true });
    expect((await client.put("/api/me/reminders", { enabled: false })).status).toBe(200);
    expect(await (await client.get("/api/me/reminders")).json()).toEqual({ enabled: false });
    expect((await t.client().get("/api/me/reminders")).status).toBe(401);
  });

  it("lets an admin set the lead times (24 hours by default, an optional second)", async () => {
    const admin = await t.createAdmin();
    const client = await t.signIn(admin.email, admin.password);
    expect(await (await client.get("/api/admin/reminder-settings")).json()).toEqual({
      leadHours: 24,
      secondLeadHours: null,
      smsProvider: "none",
    });
    const saved = await client.put("/api/admin/reminder-settings", { leadHours: 48, secondLeadHours: 2 });
    expect(saved.status).toBe(200);
    expect(await (await client.get("/api/admin/reminder-settings")).json()).toMatchObject({
      leadHours: 48,
      secondLeadHours: 2,
    });
    const bad = await client.put("/api/admin/reminder-settings", { leadHours: 0, secondLeadHours: null });
    expect(bad.status).toBe(400);
    const member = await t.createMember();
    const memberClient = await t.signIn(member.email, member.password);
    expect((await memberClient.get("/api/admin/reminder-settings")).status).toBe(403);
  });
});
