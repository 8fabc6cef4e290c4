import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkoutOk,
  insertEvent,
  NOW,
  payOnTestCheckout,
  registerOk,
  registrationBody,
} from "../../../tests/integration/kits/events-test-kit";
import { createTestApp, type TestApp, testClock } from "../../../tests/integration/kits/harness";
import { decodeQr } from "../../../tests/integration/kits/qr-kit";
import type { RegistrationReceipt } from "../../contracts/events";
import { registrationReference } from "../../domain/event-registration";
import { present } from "../lib/present";

// Issue 34 item 3: an event registration ends on a receipt like a booking's — reference, amount
// paid, add to calendar — and the confirmation email carries a manage link that opens it.

const clock = testClock(NOW);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await t.seedFacilities();
});
afterAll(() => t?.close());

const TOKEN = "x-registration-token";

async function receipt(id: string, token: string | null, client = t.client()) {
  const response = await client.get(`/api/events/registrations/${id}/receipt`, {
    headers: token ? { [TOKEN]: token } : {},
  });
  return {
    status: response.status,
    body: response.status === 200 ? ((await response.json()) as RegistrationReceipt) : null,
  };
}

/** The manage link the confirmation email carries, as a path and its token. */
async function manageLinkIn(email: string) {
  const mail = present((await t.emailsTo(email)).at(-1));
  const match = /\/registrations\/([\w-]+)\?token=([\w%-]+)/.exec(mail.textBody ?? "");
  const [, id, token] = present(match);
  return { id: present(id), token: decodeURIComponent(present(token)), mail };
}

describe("the receipt of a paid registration", () => {
  it("shows the reference, the amount the payment took and the event once the webhook confirms", async () => {
    clock.set(NOW);
    const event = await insertEvent(t, { name: "Friday Night Ladder", nonMemberPriceCents: 3500 });
    const email = "receipt-payer@example.test";
    const client = t.client();
    const reg = await registerOk(client, event.id, registrationBody({ customerEmail: email }));
    const token = present(reg.holdToken);

    const pending = await receipt(reg.registrationId, token);
    expect(pending.body).toMatchObject({ status: "pending", paidCents: 0, checkInQrSvg: null });
    // Nothing to add to a calendar before the payment is confirmed.
    const early = await t.client().get(`/api/events/registrations/${reg.registrationId}/calendar`, {
      headers: { [TOKEN]: token },
    });
    expect(early.status).toBe(404);

    const checkout = await checkoutOk(client, reg);
    expect((await payOnTestCheckout(t, checkout.url)).status).toBeLessThan(400);

    const paid = await receipt(reg.registrationId, token);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      reference: registrationReference(reg.registrationId),
      status: "confirmed",
      isRefunded: false,
      paidCents: 3500,
      refundedCents: 0,
      customerEmail: email,
      event: {
        id: event.id,
        name: "Friday Night Ladder",
        date: event.date,
        startTime: "18:00",
        endTime: "20:00",
      },
    });
    expect(present(paid.body).reference).toMatch(/^EV-[0-9A-F]{8}$/);
    // Issue 33 item 2: the check-in QR code, drawn by the server, reads back as the reference.
    expect(await decodeQr(present(present(paid.body).checkInQrSvg))).toBe(present(paid.body).reference);
    expect(present(paid.body).changeMessage).toMatch(/^To cancel or change your registration, call us at /);

    const ics = await t.client().get(`/api/events/registrations/${reg.registrationId}/calendar`, {
      headers: { [TOKEN]: token },
    });
    expect(ics.status).toBe(200);
    expect(ics.headers.get("content-type")).toContain("text/calendar");
    const body = await ics.text();
    expect(body).toContain("SUMMARY:Friday Night Ladder at");
    expect(body).toContain(registrationReference(reg.registrationId));
  });

  it("opens by the email's manage link until 7 days after the event, never by a wrong token", async () => {
    clock.set(NOW);
    const event = await insertEvent(t, { name: "Sunday Clinic", nonMemberPriceCents: 2000 });
    const email = "receipt-link@example.test";
    const client = t.client();
    const reg = await registerOk(client, event.id, registrationBody({ customerEmail: email }));
    const checkout = await checkoutOk(client, reg);
    await payOnTestCheckout(t, checkout.url);

    const link = await manageLinkIn(email);
    expect(link.id).toBe(reg.registrationId);
    expect(link.mail.textBody).toContain(
      `Registration reference: ${registrationReference(reg.registrationId)}`,
    );
    expect(link.mail.htmlBody).toContain("Manage registration");
    expect(link.token).not.toBe(reg.holdToken);

    // Another browser, with only the email's link.
    const opened = await receipt(link.id, link.token);
    expect(opened.body).toMatchObject({ status: "confirmed", paidCents: 2000 });
    expect(opened.body?.event.name).toBe("Sunday Clinic");

    for (const wrong of ["guess", `${link.token.slice(0, -2)}xx`, null]) {
      expect((await receipt(link.id, wrong)).status).toBe(404);
    }

    // The event (Monday 23 Nov, 6-8 PM Chicago) ended; the link works for 7 more days.
    clock.set("2026-11-30T01:59:00Z");
    expect((await receipt(link.id, link.token)).status).toBe(200);
    clock.set("2026-12-01T02:01:00Z");
    expect((await receipt(link.id, link.token)).status).toBe(404);
    clock.set(NOW);
  });
});

describe("the receipt of a free registration", () => {
  it("opens for the browser that registered and for the signed-in registrant, no one else", async () => {
    clock.set(NOW);
    const event = await insertEvent(t, { memberPriceCents: 0, nonMemberPriceCents: 1000 });
    const memberUser = await t.createMember();
    const member = await t.signIn(memberUser.email, memberUser.password);
    const reg = await registerOk(member, event.id, registrationBody({ customerEmail: memberUser.email }));
    expect(reg.status).toBe("confirmed");

    const byToken = await receipt(reg.registrationId, present(reg.holdToken));
    expect(byToken.body).toMatchObject({ status: "confirmed", paidCents: 0 });
    const bySession = await receipt(reg.registrationId, null, member);
    expect(bySession.body?.reference).toBe(registrationReference(reg.registrationId));

    const otherUser = await t.createMember();
    const other = await t.signIn(otherUser.email, otherUser.password);
    expect((await receipt(reg.registrationId, null, other)).status).toBe(404);
    expect((await receipt(reg.registrationId, null)).status).toBe(404);
    const calendar = await other.get(`/api/events/registrations/${reg.registrationId}/calendar`);
    expect(calendar.status).toBe(404);
    expect((await member.get(`/api/events/registrations/${reg.registrationId}/calendar`)).status).toBe(200);
  });
});
