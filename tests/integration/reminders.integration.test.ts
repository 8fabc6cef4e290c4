import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDeps } from "../../src/server/bootstrap";
import {
  emailOutbox,
  eventRegistrations,
  events,
  reservations,
  smsOutbox,
  users,
  verifiedPhones,
} from "../../src/server/db/schema";
import type { AppDeps } from "../../src/server/deps";
import { createLogger } from "../../src/server/lib/logger";
import { present } from "../../src/server/lib/present";
import { saveReminderSettings } from "../../src/server/notifications/reminder-settings";
import { sendDueReminders } from "../../src/server/notifications/send-due-reminders";
import { createTestApp, type TestApp, testClock } from "./kits/harness";

// ISSUE 15 item 3: reminders by email and SMS, with the clock injected. The venue is in
// America/Chicago (UTC−6 in November): 2026-11-25 18:00 venue time is 2026-11-26T00:00Z.
const DATE = "2026-11-25";
const START_UTC = "2026-11-26T00:00:00Z";
const hoursBefore = (h: number) => new Date(new Date(START_UTC).getTime() - h * 3_600_000);

const NOW_PROVEN = new Date("2026-11-01T12:00:00Z");

describe("booking reminders", () => {
  let t: TestApp;
  const clock = testClock("2026-11-20T12:00:00Z");
  beforeEach(async () => {
    clock.set("2026-11-20T12:00:00Z");
    t = await createTestApp({ now: clock.now });
    await t.seedFacilities();
    // Pat proved the phone with a texted code (issue 30 item 2): texts may go to it.
    await t.db
      .insert(verifiedPhones)
      .values({ phone: "+15125550111", email: "pat@example.com", verifiedAt: NOW_PROVEN });
  });
  afterEach(async () => t.close());

  async function reservation(overrides: Partial<typeof reservations.$inferInsert> = {}) {
    const [row] = await t.db
      .insert(reservations)
      .values({
        date: DATE,
        facilityType: "court",
        courtId: 3,
        duration: 60,
        startTime: "18:00",
        endTime: "19:00",
        status: "confirmed",
        paymentStatus: "paid",
        customerName: "Pat Player",
        customerEmail: "pat@example.com",
        customerPhone: "+15125550111",
        wantsSmsReminders: true,
        createdAt: new Date("2026-11-19T12:00:00Z"),
        ...overrides,
      })
      .returning();
    return present(row);
  }
  const emails = () => t.db.select().from(emailOutbox);
  const texts = () => t.db.select().from(smsOutbox);

  it("is not sent before 24 hours, then once by email and SMS, with the opt-out in the text", async () => {
    await reservation();
    clock.set(new Date(hoursBefore(24).getTime() - 60_000));
    expect(await sendDueReminders(t.deps)).toBe(0);
    expect(await emails()).toHaveLength(0);

    clock.set(hoursBefore(23));
    expect(await sendDueReminders(t.deps)).toBe(1);
    expect(await sendDueReminders(t.deps)).toBe(0);
    const [email] = await emails();
    expect(email?.toAddress).toBe("pat@example.com");
    expect(email?.subject).toBe("Reminder: Court 3, Wed, Nov 25, 6:00 PM - 7:00 PM");
    expect(email?.textBody).toContain("Turn them off in My Profile (http://localhost:3000/my-profile)");
    const [sms] = await texts();
    expect(sms?.toPhone).toBe("+15125550111");
    expect(sms?.body).toContain("Court 3, Wed, Nov 25, 6:00 PM - 7:00 PM");
    expect(sms?.body).toContain("To stop reminders");
  });

  it("sends the venue's optional second reminder at its own time, once", async () => {
    await saveReminderSettings(t.db, { leadHours: 24, secondLeadHours: 2 }, clock.now());
    await reservation();
    clock.set(hoursBefore(20));
    expect(await sendDueReminders(t.deps)).toBe(1);
    clock.set(hoursBefore(3));
    expect(await sendDueReminders(t.deps)).toBe(0);
    clock.set(hoursBefore(1.5));
    expect(await sendDueReminders(t.deps)).toBe(1);
    expect(await sendDueReminders(t.deps)).toBe(0);
    expect(await emails()).toHaveLength(2);
    expect(await texts()).toHaveLength(2);
  });

  it("sends nothing for a cancelled booking, nor after the start", async () => {
    await reservation({ status: "cancelled" });
    await reservation({ courtId: 4, status: "pending", paymentStatus: "pending" });
    clock.set(hoursBefore(10));
    expect(await sendDueReminders(t.deps)).toBe(0);
    await reservation({ courtId: 5 });
    clock.set(new Date(START_UTC));
    expect(await sendDueReminders(t.deps)).toBe(0);
    expect(await emails()).toHaveLength(0);
  });

  it("reminds a moved booking at its new time, never at the old one", async () => {
    const booking = await reservation();
    // Moved to the next day before the first reminder point: nothing at the old time.
    await t.db
      .update(reservations)
      .set({ date: "2026-11-26", startTime: "18:00", endTime: "19:00" })
      .where(eq(reservations.id, booking.id));
    clock.set(hoursBefore(12));
    expect(await sendDueReminders(t.deps)).toBe(0);
    clock.set(new Date(hoursBefore(12).getTime() + 24 * 3_600_000));
    expect(await sendDueReminders(t.deps)).toBe(1);
    const [email] = await emails();
    expect(email?.subject).toContain("Thu, Nov 26");
  });

  it("reminds a booking moved after its first reminder again for the new time", async () => {
    const booking = await reservation();
    clock.set(hoursBefore(20));
    expect(await sendDueReminders(t.deps)).toBe(1);
    await t.db
      .update(reservations)
      .set({ startTime: "20:00", endTime: "21:00" })
      .where(eq(reservations.id, booking.id));
    expect(await sendDueReminders(t.deps)).toBe(1);
    const subjects = (await emails()).map((e) => e.subject);
    expect(subjects).toEqual([
      "Reminder: Court 3, Wed, Nov 25, 6:00 PM - 7:00 PM",
      "Reminder: Court 3, Wed, Nov 25, 8:00 PM - 9:00 PM",
    ]);
  });

  it("sends email only when SMS consent is off, and nothing to a player who turned reminders off", async () => {
    await reservation({ wantsSmsReminders: false });
    const member = await t.createMember({ email: "quiet@example.com" });
    await t.db.update(users).set({ remindersEnabled: false }).where(eq(users.id, member.id));
    await reservation({ courtId: 4, userId: member.id, customerEmail: member.email });
    // A guest booking with the same address counts as the same player.
    await reservation({ courtId: 5, customerEmail: "QUIET@example.com" });
    clock.set(hoursBefore(20));
    expect(await sendDueReminders(t.deps)).toBe(1);
    expect((await emails()).map((e) => e.toAddress)).toEqual(["pat@example.com"]);
    expect(await texts()).toHaveLength(0);
  });

  it("does not remind a booking made inside the lead time", async () => {
    await reservation({ createdAt: hoursBefore(5) });
    clock.set(hoursBefore(4));
    expect(await sendDueReminders(t.deps)).toBe(0);
  });

  it("reminds confirmed event registrations by email", async () => {
    const [event] = await t.db
      .insert(events)
      .values({ name: "Friday Open Play", date: DATE, startTime: "18:00", endTime: "20:00", courts: [1] })
      .returning();
    await t.db.insert(eventRegistrations).values([
      {
        eventId: present(event).id,
        customerName: "Ria",
        customerEmail: "ria@example.com",
        status: "confirmed",
        paymentStatus: "paid",
        createdAt: new Date("2026-11-19T12:00:00Z"),
      },
      {
        eventId: present(event).id,
        customerName: "Sam",
        customerEmail: "sam@example.com",
        status: "cancelled",
        createdAt: new Date("2026-11-19T12:00:00Z"),
      },
    ]);
    clock.set(hoursBefore(20));
    expect(await sendDueReminders(t.deps)).toBe(1);
    const [email] = await emails();
    expect(email?.toAddress).toBe("ria@example.com");
    expect(email?.subject).toBe("Reminder: Friday Open Play, Wed, Nov 25, 6:00 PM - 8:00 PM");
  });

  it("queues each reminder once when two instances sweep at the same moment", async () => {
    // Eight players, each with a phone of their own: one phone gets at most 6 texts a day (issue 30 item 2).
    for (let court = 1; court <= 8; court++) {
      const phone = `+1512555020${court}`;
      const email = `player-${court}@example.com`;
      await t.db.insert(verifiedPhones).values({ phone, email, verifiedAt: NOW_PROVEN });
      await reservation({ courtId: court, customerPhone: phone, customerEmail: email });
    }
    clock.set(hoursBefore(20));
    // On PostgreSQL a second instance with its own connection pool; PGlite is one process's own
    // database, so there the same instance sweeps twice at once.
    let second: AppDeps = t.deps;
    if (t.location.url) {
      second = await createDeps(t.deps.config, createLogger("silent"), {
        databaseUrl: t.location.url,
        now: clock.now,
        transport: null,
      });
    }
    try {
      const counts = await Promise.all([
        sendDueReminders(t.deps),
        sendDueReminders(second),
        sendDueReminders(t.deps),
        sendDueReminders(second),
      ]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(8);
      expect(await emails()).toHaveLength(8);
      expect(await texts()).toHaveLength(8);
    } finally {
      if (second !== t.deps) await second.database.close();
    }
  });
});
