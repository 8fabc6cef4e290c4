import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ALERT_LIMIT_ACTIVE_PER_PERSON, ALERT_LIMIT_PER_ADDRESS } from "../../src/domain/court-alerts";
import {
  courtAlerts,
  emailOutbox,
  reservations,
  smsOutbox,
  verifiedPhones,
} from "../../src/server/db/schema";
import { notifyFreedSlots } from "../../src/server/notifications/notify-freed-slots";
import { createTestApp, errorOf, type TestApp, testClock } from "./kits/harness";

// ISSUE 15 item 2: "Notify me" when no court is free; told when one frees; ends when the time passes.
// 2026-11-23 is a Monday; 18:00 venue time (UTC−6) is 2026-11-24T00:00Z.
const DATE = "2026-11-23";
const alertBody = (overrides: Record<string, unknown> = {}) => ({
  facilityType: "court",
  date: DATE,
  startTime: "18:00",
  duration: 60,
  email: "waiting@example.com",
  phone: "(512) 555-0199",
  smsConsent: true,
  ...overrides,
});

describe("court alerts", () => {
  let t: TestApp;
  const clock = testClock("2026-11-20T15:00:00Z");
  beforeEach(async () => {
    clock.set("2026-11-20T15:00:00Z");
    t = await createTestApp({ now: clock.now });
    await t.seedFacilities();
  });
  afterEach(async () => t.close());

  /** Every court busy 18:00–19:00 on DATE; court 8 by a payment hold ending at `holdEndsAt`, if given. */
  async function fillCourts(holdEndsAt?: Date) {
    for (let court = 1; court <= 8; court++) {
      const pending = holdEndsAt && court === 8;
      await t.db.insert(reservations).values({
        date: DATE,
        facilityType: "court",
        courtId: court,
        duration: 60,
        startTime: "18:00",
        endTime: "19:00",
        status: pending ? "pending" : "confirmed",
        paymentStatus: pending ? "pending" : "paid",
        holdExpiresAt: pending ? holdEndsAt : null,
        customerName: `Player ${court}`,
        customerEmail: `p${court}@example.com`,
      });
    }
  }
  const alertEmails = () =>
    t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "waiting@example.com"));

  it("refuses an alert for a time that is free: book it instead", async () => {
    const response = await t.client().post("/api/court-alerts", alertBody());
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe("This time is available: add it to your cart to book it.");
  });

  it("tells the person by email and SMS once a cancellation frees the time, once", async () => {
    await fillCourts();
    // The phone was proven with a texted code (issue 30 item 2; tests/integration/hardening/sms-proof).
    await t.db
      .insert(verifiedPhones)
      .values({ phone: "+15125550199", email: "waiting@example.com", verifiedAt: clock.now() });
    const response = await t.client().post("/api/court-alerts", alertBody());
    expect(response.status).toBe(201);
    expect(await notifyFreedSlots(t.deps)).toBe(0);

    await t.db
      .update(reservations)
      .set({ status: "cancelled" })
      .where(and(eq(reservations.courtId, 5), eq(reservations.date, DATE)));
    expect(await notifyFreedSlots(t.deps)).toBe(1);
    expect(await notifyFreedSlots(t.deps)).toBe(0);
    const [email] = await alertEmails();
    expect(email?.subject).toBe("Pickleball Court free: Mon, Nov 23 at 6:00 PM (60 min)");
    expect(email?.textBody).toContain("http://localhost:3000/book");
    const [sms] = await t.db.select().from(smsOutbox);
    expect(sms?.toPhone).toBe("+15125550199");
    expect(sms?.body).toContain("To stop texts");
  });

  it("fires when a payment hold ends, and sends no SMS without consent", async () => {
    await fillCourts(new Date("2026-11-20T15:15:00Z"));
    const response = await t
      .client()
      .post("/api/court-alerts", alertBody({ phone: null, smsConsent: false }));
    expect(response.status).toBe(201);
    expect(await notifyFreedSlots(t.deps)).toBe(0);
    clock.set("2026-11-20T15:16:00Z");
    expect(await notifyFreedSlots(t.deps)).toBe(1);
    expect(await alertEmails()).toHaveLength(1);
    expect(await t.db.select().from(smsOutbox)).toHaveLength(0);
  });

  it("ends when the time passes, without telling anyone", async () => {
    await fillCourts();
    expect((await t.client().post("/api/court-alerts", alertBody())).status).toBe(201);
    clock.set("2026-11-24T00:00:00Z");
    await t.db.update(reservations).set({ status: "cancelled" }).where(eq(reservations.courtId, 1));
    expect(await notifyFreedSlots(t.deps)).toBe(0);
    const [alert] = await t.db.select().from(courtAlerts);
    expect(alert?.status).toBe("expired");
    expect(await alertEmails()).toHaveLength(0);
  });

  it("asks for SMS consent with a phone, and uses a signed-in player's own email", async () => {
    await fillCourts();
    const refused = await t.client().post("/api/court-alerts", alertBody({ smsConsent: false }));
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toMatchObject({
      field: "smsConsent",
      message: "Please consent to SMS reminders if providing a phone number",
    });
    const member = await t.createMember();
    const client = await t.signIn(member.email, member.password);
    const response = await client.post("/api/court-alerts", alertBody({ email: "someone-else@example.com" }));
    expect(response.status).toBe(201);
    expect((await response.json()).alert.email).toBe(member.email);
  });

  it("limits alerts per person and per address (a bad actor repeating the request)", async () => {
    await fillCourts();
    const client = t.client();
    // The same time twice is one alert.
    expect((await client.post("/api/court-alerts", alertBody())).status).toBe(201);
    expect((await client.post("/api/court-alerts", alertBody())).status).toBe(201);
    // Every court is busy until 21:00 too, so 18:00 … 20:00 are all full.
    for (let court = 1; court <= 8; court++) {
      await t.db.insert(reservations).values({
        date: DATE,
        facilityType: "court",
        courtId: court,
        duration: 120,
        startTime: "19:00",
        endTime: "21:00",
        status: "confirmed",
        paymentStatus: "paid",
        customerName: `Player ${court}`,
      });
    }
    for (const startTime of ["18:30", "19:00", "19:30", "20:00"]) {
      expect((await client.post("/api/court-alerts", alertBody({ startTime }))).status, startTime).toBe(201);
    }
    expect(ALERT_LIMIT_ACTIVE_PER_PERSON).toBe(5);
    const refused = await client.post("/api/court-alerts", alertBody({ startTime: "19:00", duration: 90 }));
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).message).toContain("at most 5 court alerts at a time");

    // One address giving a new email each time is stopped at the address limit.
    const actor = t.client();
    let created = 0;
    let status = 201;
    for (let i = 0; i < ALERT_LIMIT_PER_ADDRESS + 3 && status === 201; i++) {
      status = (await actor.post("/api/court-alerts", alertBody({ email: `bot${i}@example.com` }))).status;
      if (status === 201) created++;
    }
    expect(created).toBe(ALERT_LIMIT_PER_ADDRESS);
    expect(status).toBe(429);
  });
});
