import { createHmac } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { courtAlerts, reservations, smsOutbox } from "../../../src/server/db/schema";
import { present } from "../../../src/server/lib/present";
import { notifyFreedSlots } from "../../../src/server/notifications/notify-freed-slots";
import { createTestApp, errorOf, type TestApp, testClock } from "../kits/harness";

// ISSUE 30 item 2: court alerts texted any phone. 20 alerts from each of 4 addresses, each with a
// throwaway email and the victim's phone and smsConsent true, sent 80 texts to one phone when the
// slot freed. Now a phone gets texts only once its owner proved it with a texted code, codes to one
// phone are limited whoever asks, and STOP from the phone (Twilio's signed webhook) is honoured.

const DATE = "2026-11-23"; // a Monday; 18:00 is full below
const VICTIM = "+15125550177";
const AUTH_TOKEN = "twilio-auth-token-for-tests";
const clock = testClock("2026-11-20T15:00:00Z");
let t: TestApp;

beforeEach(async () => {
  clock.set("2026-11-20T15:00:00Z");
  t = await createTestApp({ now: clock.now, env: { TWILIO_AUTH_TOKEN: AUTH_TOKEN } });
  await t.seedFacilities();
  for (let court = 1; court <= 8; court++) {
    await t.db.insert(reservations).values({
      date: DATE,
      facilityType: "court",
      courtId: court,
      duration: 60,
      startTime: "18:00",
      endTime: "19:00",
      status: "confirmed",
      paymentStatus: "paid",
      customerName: `Player ${court}`,
      customerEmail: `p${court}@example.com`,
    });
  }
});
afterEach(() => t?.close());

const alert = (email: string, ip: string, phone = "(512) 555-0177") =>
  t.client({ ip }).post("/api/court-alerts", {
    facilityType: "court",
    date: DATE,
    startTime: "18:00",
    duration: 60,
    email,
    phone,
    smsConsent: true,
  });
const textsTo = (phone: string) => t.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, phone));
const freeOneCourt = () =>
  t.db
    .update(reservations)
    .set({ status: "cancelled" })
    .where(and(eq(reservations.courtId, 5), eq(reservations.date, DATE)));

/** Twilio's X-Twilio-Signature: HMAC-SHA1 of the URL and the sorted fields, base64. */
function twilioSignature(url: string, params: Record<string, string>) {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac("sha1", AUTH_TOKEN).update(Buffer.from(data, "utf-8")).digest("base64");
}
function inboundText(
  params: Record<string, string>,
  signature = twilioSignature("http://localhost:3000/api/webhooks/twilio/sms", params),
) {
  return t.request("/api/webhooks/twilio/sms", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature },
    body: new URLSearchParams(params).toString(),
  });
}

describe("texts only to a proven phone (item 2)", () => {
  it("the 80-alert attack on one phone sends at most one text, a code (80 texts before, 1 after)", async () => {
    const addresses = ["203.0.113.11", "203.0.113.12", "203.0.113.13", "203.0.113.14"];
    const statuses: number[] = [];
    for (const [a, ip] of addresses.entries()) {
      for (let i = 0; i < 20; i++)
        statuses.push((await alert(`throwaway-${a}-${i}@example.test`, ip)).status);
    }
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(0);

    await freeOneCourt();
    expect(await notifyFreedSlots(t.deps)).toBeGreaterThan(0); // the emails still go
    const texts = await textsTo(VICTIM);
    expect(texts.length).toBeLessThanOrEqual(1);
    expect(texts.map((s) => s.body)).toEqual([expect.stringMatching(/^\d{6} is your Backspin Social code/)]);
  });

  it("a player who enters the texted code is texted when the time frees", async () => {
    const created = await alert("owner@example.test", "198.51.100.20");
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ alert: { sms: false }, phoneCode: "sent" });
    const [codeText] = await textsTo(VICTIM);
    const code = present(present(codeText).body.match(/^(\d{6})/)?.[1], "the code");

    const client = t.client({ ip: "198.51.100.20" });
    const wrong = await client.post("/api/phone-codes/confirm", {
      phone: "512-555-0177",
      email: "owner@example.test",
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.status).toBe(400);
    // Someone else's email with the right code proves nothing for them.
    expect(
      (
        await client.post("/api/phone-codes/confirm", {
          phone: "512-555-0177",
          email: "other@example.test",
          code,
        })
      ).status,
    ).toBe(400);
    const right = await client.post("/api/phone-codes/confirm", {
      phone: "512-555-0177",
      email: "OWNER@example.test",
      code,
    });
    expect(right.status).toBe(200);

    await freeOneCourt();
    expect(await notifyFreedSlots(t.deps)).toBe(1);
    const texts = await textsTo(VICTIM);
    expect(texts).toHaveLength(2);
    expect(present(texts[1]).body).toContain("To stop texts");
  });

  it("asking for codes again and again texts one per 15 minutes, whoever asks", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await t
        .client({ ip: `203.0.113.${30 + i}` })
        .post("/api/phone-codes", { phone: VICTIM, email: `asker-${i}@example.test` });
      statuses.push(response.status);
      if (response.status === 429) expect((await errorOf(response)).message).toMatch(/a short while ago/);
    }
    expect(statuses).toEqual([200, ...Array.from({ length: 9 }, () => 429)]);
    expect(await textsTo(VICTIM)).toHaveLength(1);
  });

  it("STOP from the phone, signed by Twilio, ends every text to it; a forged one changes nothing", async () => {
    const forged = await inboundText({ From: VICTIM, Body: "STOP" }, "bm90LWEtc2lnbmF0dXJl");
    expect(forged.status).toBe(403);
    expect(
      (await t.client().post("/api/phone-codes", { phone: VICTIM, email: "a@example.test" })).status,
    ).toBe(200);

    const stop = await inboundText({ From: VICTIM, Body: "Stop", MessageSid: "SM0001" });
    expect(stop.status).toBe(200);
    clock.advance(60 * 60_000);
    const after = await t.client().post("/api/phone-codes", { phone: VICTIM, email: "a@example.test" });
    expect(await after.json()).toEqual({ phoneCode: "opted_out" });
    expect(await textsTo(VICTIM)).toHaveLength(1);

    expect((await inboundText({ From: VICTIM, Body: "START" })).status).toBe(200);
    const again = await t.client().post("/api/phone-codes", { phone: VICTIM, email: "a@example.test" });
    expect(await again.json()).toEqual({ phoneCode: "sent" });
  });

  it("the alerts keep the consent; the text goes only once the phone is proven", async () => {
    await alert("later@example.test", "198.51.100.21");
    const [row] = await t.db.select().from(courtAlerts).where(eq(courtAlerts.email, "later@example.test"));
    expect(present(row).wantsSms).toBe(true);
  });
});
