import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { BookingView } from "../../../src/contracts/manage";
import { smsOutbox } from "../../../src/server/db/schema";
import { present } from "../../../src/server/lib/present";
import { sendDueReminders } from "../../../src/server/notifications/send-due-reminders";
import { checkoutOk, createHoldOk, holdBody, item, MONDAY, NOW } from "../kits/booking-test-kit";
import { createTestApp, type TestApp, type TestClient, testClock } from "../kits/harness";

// ISSUE 30 item 2, the gap: phone proof landed for court alerts, and every text (alerts and
// reminders) goes only to a proven phone. But a guest who booked with text reminders was never
// asked for the code, so the reminders the booking form promised never came, and nothing said so.
// Now the booking's receipt (and its manage page) says whether text reminders are on or wait for
// the phone's code, with the phone and email to prove it for; once proven, the reminder texts.

const PHONE = "+15125550133";
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

async function book(client: TestClient, email: string, startTime: string, smsConsent = true) {
  const hold = await createHoldOk(
    client,
    holdBody({
      items: [item({ date: MONDAY, startTime, duration: 60 })],
      customer: { ...holdBody().customer, email, phone: smsConsent ? "(512) 555-0133" : "", smsConsent },
    }),
  );
  const checkout = await checkoutOk(client, hold);
  expect((await client.request(`${checkout.url}/pay`, { method: "POST" })).status).toBe(303);
  return hold;
}

async function receipt(client: TestClient, hold: { holdId: string; holdToken: string }) {
  const response = await client.get(`/api/booking/holds/${hold.holdId}/confirmation`, {
    headers: { "x-hold-token": hold.holdToken },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as BookingView;
}

const texts = () => t.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, PHONE));

describe("text reminders only to a proven phone, and the booking says so", () => {
  it("a guest's booking waits for the phone's code (0 texts), the receipt asks for it, then the reminder texts (1)", async () => {
    const guest = t.client();
    const hold = await book(guest, "sam@example.test", "17:00");
    expect((await receipt(guest, hold)).textReminders).toEqual({
      state: "needs_code",
      phone: PHONE,
      email: "sam@example.test",
    });
    const other = t.client();
    const unproven = await book(other, "lee@example.test", "19:00");

    const asked = await guest.post("/api/phone-codes", { phone: PHONE, email: "sam@example.test" });
    expect(asked.status).toBe(200);
    const code = present(present((await texts())[0]).body.match(/^(\d{6})/)?.[1], "the code");
    const proven = await guest.post("/api/phone-codes/confirm", {
      phone: PHONE,
      email: "sam@example.test",
      code,
    });
    expect(proven.status).toBe(200);
    expect((await receipt(guest, hold)).textReminders.state).toBe("on");
    // Proven for Sam's email only: Lee's booking on the same phone still waits.
    expect((await receipt(other, unproven)).textReminders.state).toBe("needs_code");

    // Monday 19:00 in the venue is 2026-11-24T01:00Z: both bookings are within 24 hours.
    clock.set(new Date("2026-11-23T01:30:00Z"));
    expect(await sendDueReminders(t.deps)).toBe(2);
    const sent = (await texts()).filter((s) => !/^\d{6}/.test(s.body));
    expect(sent).toHaveLength(1);
  });

  it("a booking without a phone for texts says text reminders are off", async () => {
    const guest = t.client();
    const hold = await book(guest, "kim@example.test", "17:00", false);
    expect((await receipt(guest, hold)).textReminders).toEqual({ state: "off", phone: null, email: null });
  });
});
