import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkoutOk,
  completedEvent,
  insertEvent,
  MONDAY,
  NOW,
  paymentOf,
  payOnTestCheckout,
  postSignedWebhook,
  registerOk,
  registrationBody,
  registrationRow,
} from "../../../tests/integration/kits/events-test-kit";
import { createTestApp, errorOf, type TestApp, testClock } from "../../../tests/integration/kits/harness";
import type { EventDetailResponse, EventListResponse } from "../../contracts/events";
import { eventRegistrations, payments, processedWebhookEvents } from "../db/schema";
import { present } from "../lib/present";

const clock = testClock(NOW);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await t.seedFacilities();
});
afterAll(() => t?.close());

const list = async (client = t.client()) => {
  const response = await client.get("/api/events");
  expect(response.status).toBe(200);
  return ((await response.json()) as EventListResponse).events;
};

describe("the public list and detail", () => {
  it("hides private events from guests and members, in the list, the detail and registration", async () => {
    const hidden = await insertEvent(t, { name: "Secret Staff Party", isPrivate: true });
    const open = await insertEvent(t, { name: "Open Night" });
    const memberUser = await t.createMember();
    const member = await t.signIn(memberUser.email, memberUser.password);
    const adminUser = await t.createAdmin();
    const admin = await t.signIn(adminUser.email, adminUser.password);

    for (const client of [t.client(), member]) {
      const names = (await list(client)).map((e) => e.name);
      expect(names).toContain("Open Night");
      expect(names).not.toContain("Secret Staff Party");
      const detail = await client.get(`/api/events/${hidden.id}`);
      expect(detail.status).toBe(404);
      expect((await errorOf(detail)).message).toBe("Event not found");
      const register = await client.post(`/api/events/${hidden.id}/registrations`, registrationBody());
      expect(register.status).toBe(404);
      expect((await client.get(`/api/events/${open.id}`)).status).toBe(200);
    }
    const raw = await (await t.client().get("/api/events")).text();
    expect(raw).not.toContain("Secret Staff Party");

    const adminList = await list(admin);
    expect(adminList.find((e) => e.id === hidden.id)).toMatchObject({ isPrivate: true });
    expect((await admin.get(`/api/events/${hidden.id}`)).status).toBe(200);
    expect(
      await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, hidden.id)),
    ).toHaveLength(0);
  });

  it("drops an event from the list the minute it ends (venue time)", async () => {
    const today = "2026-11-18";
    const ending = await insertEvent(t, {
      name: "Morning Clinic",
      date: today,
      startTime: "08:00",
      endTime: "10:00",
    });
    const yesterday = await insertEvent(t, { name: "Yesterday Social", date: "2026-11-17" });
    clock.set("2026-11-18T15:59:00Z"); // 9:59 AM CST
    let ids = (await list()).map((e) => e.id);
    expect(ids).toContain(ending.id);
    expect(ids).not.toContain(yesterday.id);
    clock.set("2026-11-18T16:00:00Z"); // 10:00 AM: it has ended
    ids = (await list()).map((e) => e.id);
    expect(ids).not.toContain(ending.id);
    const detail = (await (await t.client().get(`/api/events/${ending.id}`)).json()) as EventDetailResponse;
    expect(detail).toMatchObject({ canRegister: false, event: { status: "completed" } });
    const late = await t.client().post(`/api/events/${ending.id}/registrations`, registrationBody());
    expect(late.status).toBe(409);
    expect((await errorOf(late)).message).toBe("This event has already ended");
    clock.set(NOW);
  });

  it("returns a description with <script> and <img onerror> as inert text, never as markup", async () => {
    const description = `Fun night <script>window.__pwned = 1</script><img src=x onerror="alert(1)"> & more`;
    const name = `<b onmouseover="alert(2)">Bold</b> Night`;
    const event = await insertEvent(t, { name, description });
    const response = await t.client().get(`/api/events/${event.id}`);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await response.json()) as EventDetailResponse;
    // Exactly the text typed, as data: the client renders it as text (React escapes it).
    expect(body.event.description).toBe(description);
    expect(body.event.name).toBe(name);
    // And the email built from it escapes it in its HTML part.
    const reg = await registerOk(
      t.client(),
      event.id,
      registrationBody({ customerEmail: "inert@example.test" }),
    );
    expect(reg.status).toBe("pending");
    const free = await insertEvent(t, { name, description, memberPriceCents: 0, nonMemberPriceCents: 0 });
    await registerOk(t.client(), free.id, registrationBody({ customerEmail: "inert-free@example.test" }));
    const [email] = await t.emailsTo("inert-free@example.test");
    expect(present(email).htmlBody).not.toContain("<b onmouseover");
    expect(present(email).htmlBody).toContain("&lt;b onmouseover");
  });

  it("shows participants (players and who registered them) unless the event hides them", async () => {
    const event = await insertEvent(t, {
      type: "tournament",
      isPartnered: true,
      memberPriceCents: 0,
      nonMemberPriceCents: 0,
    });
    await registerOk(
      t.client(),
      event.id,
      registrationBody({ customerName: "Sam Patel", playerNames: "Sam Patel\nChris Duval\n" }),
    );
    const detail = (await (await t.client().get(`/api/events/${event.id}`)).json()) as EventDetailResponse;
    expect(detail.participants).toEqual([
      { customerName: "Sam Patel", players: ["Sam Patel", "Chris Duval"] },
    ]);
    expect(detail.event).toMatchObject({ currentParticipants: 1, isFull: false });

    const hidden = await insertEvent(t, {
      hideParticipants: true,
      memberPriceCents: 0,
      nonMemberPriceCents: 0,
    });
    await registerOk(t.client(), hidden.id);
    const hiddenDetail = (await (
      await t.client().get(`/api/events/${hidden.id}`)
    ).json()) as EventDetailResponse;
    expect(hiddenDetail.participants).toEqual([]);
    expect(hiddenDetail.event.currentParticipants).toBe(1);
  });
});

describe("registration", () => {
  it("checks the form with the spec's messages", async () => {
    const event = await insertEvent(t, {
      type: "tournament",
      isPartnered: true,
      skillLevels: ["3.0", "3.5"],
    });
    const cases: Array<[Partial<ReturnType<typeof registrationBody>>, string]> = [
      [{ customerName: "  " }, "Please enter a customer name"],
      [{ customerEmail: "" }, "Please enter an email address"],
      [{ playerNames: "  \n " }, "Please enter player names for your tournament team"],
      [{ playerNames: "A\nB", skillLevel: "" }, "Please select a skill level"],
    ];
    for (const [overrides, message] of cases) {
      const response = await t
        .client()
        .post(`/api/events/${event.id}/registrations`, registrationBody(overrides));
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe(message);
    }
  });

  it("confirms a member at once when the member price is 0, with a confirmation email", async () => {
    const event = await insertEvent(t, { memberPriceCents: 0, nonMemberPriceCents: 1000 });
    const memberUser = await t.createMember();
    const member = await t.signIn(memberUser.email, memberUser.password);
    const reg = await registerOk(member, event.id, registrationBody({ customerEmail: memberUser.email }));
    expect(reg).toMatchObject({ status: "confirmed", priceCents: 0, holdExpiresAt: null });
    expect(reg.holdToken).toMatch(/^[\w-]{40,}$/);
    expect(await registrationRow(t, reg.registrationId)).toMatchObject({
      status: "confirmed",
      paymentStatus: "paid",
      isMember: true,
      userId: memberUser.id,
    });
    const emails = await t.emailsTo(memberUser.email);
    expect(present(emails.at(-1)).subject).toBe(`You're registered: ${event.name}`);

    // A guest pays the non-member price.
    const guest = await registerOk(t.client(), event.id);
    expect(guest).toMatchObject({ status: "pending", priceCents: 1000 });
  });

  it("confirms a paid registration only on the signed webhook, once", async () => {
    const event = await insertEvent(t, { nonMemberPriceCents: 3500 });
    const client = t.client();
    const email = "payer@example.test";
    const reg = await registerOk(client, event.id, registrationBody({ customerEmail: email }));
    expect(reg.status).toBe("pending");
    expect(reg.holdToken).toMatch(/^[\w-]{40,}$/);

    // Without the token nobody can pay for, read or cancel it.
    const stranger = await t.client().post(`/api/events/registrations/${reg.registrationId}/checkout`, {
      holdToken: "guess",
    });
    expect(stranger.status).toBe(403);

    const checkout = await checkoutOk(client, reg);
    expect(checkout.url).toBe(`/test-checkout/${checkout.sessionId}`);
    expect((await checkoutOk(client, reg)).sessionId).toBe(checkout.sessionId);
    const page = await t.request(checkout.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(event.name);
    expect(html).toContain("Pay $35.00");

    // Reaching the success page does nothing by itself.
    expect((await registrationRow(t, reg.registrationId)).status).toBe("pending");

    const paid = await payOnTestCheckout(t, checkout.url);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(
      `/events/${event.id}?registration=${reg.registrationId}&checkout=success`,
    );
    const payment = await paymentOf(t, checkout.sessionId);
    expect(payment).toMatchObject({
      state: "completed",
      purpose: "event_registration",
      reference: reg.registrationId,
    });
    expect(await registrationRow(t, reg.registrationId)).toMatchObject({
      status: "confirmed",
      paymentStatus: "paid",
      paymentId: payment.id,
    });
    expect(await t.emailsTo(email)).toHaveLength(1);

    // The same event again, and a second event for the same session: nothing changes twice.
    const payload = completedEvent(payment, { created: NOW, eventId: "evt_repeat_1" });
    expect((await postSignedWebhook(t, payload, NOW)).status).toBe(200);
    expect((await postSignedWebhook(t, payload, NOW)).status).toBe(200);
    expect(await t.emailsTo(email)).toHaveLength(1);
    expect((await paymentOf(t, checkout.sessionId)).state).toBe("completed");
    const seen = await t.db
      .select()
      .from(processedWebhookEvents)
      .where(eq(processedWebhookEvents.eventId, "evt_repeat_1"));
    expect(seen).toHaveLength(1);

    const status = await client.get(`/api/events/registrations/${reg.registrationId}`, {
      headers: { "x-registration-token": present(reg.holdToken) },
    });
    expect(await status.json()).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    const detail = (await (await t.client().get(`/api/events/${event.id}`)).json()) as EventDetailResponse;
    expect(detail.event.currentParticipants).toBe(1);
  });

  it("refuses an unsigned or wrongly signed webhook and changes nothing", async () => {
    const event = await insertEvent(t);
    const client = t.client();
    const reg = await registerOk(client, event.id);
    const checkout = await checkoutOk(client, reg);
    const payment = await paymentOf(t, checkout.sessionId);
    const payload = completedEvent(payment, { created: NOW });
    const forged = await t.request("/api/webhooks/stripe", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=deadbeef" },
      body: payload,
    });
    expect(forged.status).toBe(400);
    expect((await registrationRow(t, reg.registrationId)).status).toBe("pending");
  });

  it("← Back to Events cancels the pending registration by its token and frees the place", async () => {
    const event = await insertEvent(t, { maxParticipants: 1 });
    const client = t.client();
    const reg = await registerOk(client, event.id);
    const checkout = await checkoutOk(client, reg);
    // The place is held: nobody else can take it meanwhile.
    const blocked = await t.client().post(`/api/events/${event.id}/registrations`, registrationBody());
    expect(blocked.status).toBe(409);

    const wrong = await t
      .client()
      .post(`/api/events/registrations/${reg.registrationId}/cancel`, { holdToken: "x" });
    expect(wrong.status).toBe(403);
    const cancelled = await client.post(`/api/events/registrations/${reg.registrationId}/cancel`, {
      holdToken: reg.holdToken,
    });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ status: "cancelled" });
    expect((await paymentOf(t, checkout.sessionId)).state).toBe("expired");
    // The checkout no longer takes payment, and the place is free again.
    expect((await t.request(checkout.url)).status).toBe(410);
    await registerOk(t.client(), event.id);
  });

  it("a hold that has ended blocks nothing", async () => {
    const event = await insertEvent(t, { maxParticipants: 1 });
    await registerOk(t.client(), event.id);
    clock.advance(15 * 60_000 + 1000);
    const next = await registerOk(t.client(), event.id);
    expect(next.status).toBe("pending");
    clock.set(NOW);
  });

  it("keeps payments rows linked to the registration", async () => {
    const event = await insertEvent(t, { date: MONDAY });
    const client = t.client();
    const reg = await registerOk(client, event.id);
    const checkout = await checkoutOk(client, reg);
    const [row] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerSessionId, checkout.sessionId));
    expect(row).toMatchObject({
      purpose: "event_registration",
      reference: reg.registrationId,
      amountCents: 1500,
    });
  });
});
