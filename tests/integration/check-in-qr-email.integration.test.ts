import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registrationReference } from "../../src/domain/event-registration";
import { referenceQrAlt } from "../../src/domain/reference-qr";
import { bookingReference } from "../../src/domain/self-service-policy";
import { createOutbox } from "../../src/server/email/outbox";
import { REFERENCE_QR_CID } from "../../src/server/email/reference-qr";
import { createLogger } from "../../src/server/lib/logger";
import { present } from "../../src/server/lib/present";
import { checkoutOk, createHoldOk, holdBody, item, NOW } from "./kits/booking-test-kit";
import { insertEvent, registerOk, registrationBody } from "./kits/events-test-kit";
import { startFakeSmtp } from "./kits/fake-smtp";
import { createTestApp, type TestApp, testClock } from "./kits/harness";
import { decodeQr } from "./kits/qr-kit";

// Issue 33 item 2: the confirmation emails of a booking and of an event registration carry the
// check-in QR code of their reference as an inline (CID) PNG, which decodes to exactly the
// reference, with the reference as its alt text; delivered over SMTP as a related inline part.

const clock = testClock(NOW);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await t.seedFacilities();
});
afterAll(() => t?.close());

type Attachment = { filename: string; contentType: string; content: string; cid?: string };
const inlineQr = (attachments: Attachment[] | null) =>
  present((attachments ?? []).find((a) => a.cid === REFERENCE_QR_CID));

describe("the check-in QR code in confirmation emails", () => {
  it("a paid booking's confirmation shows its BK- reference as an inline QR image, sent as a related part", async () => {
    const email = "qr-booking@example.test";
    const client = t.client();
    const hold = await createHoldOk(
      client,
      holdBody({
        customer: { ...holdBody().customer, email },
        items: [item({ date: "2026-11-24", startTime: "17:00", duration: 60 })],
      }),
    );
    const checkout = await checkoutOk(client, hold);
    expect((await client.request(`${checkout.url}/pay`, { method: "POST" })).status).toBe(303);
    const reference = bookingReference(hold.holdId);

    const mail = present((await t.emailsTo(email))[0]);
    const qr = inlineQr(mail.attachments);
    expect(qr).toMatchObject({ filename: "check-in-qr.png", contentType: "image/png" });
    expect(await decodeQr(Buffer.from(qr.content, "base64"))).toBe(reference);
    expect(mail.htmlBody).toContain(`<img src="cid:${REFERENCE_QR_CID}" alt="${referenceQrAlt(reference)}"`);
    expect(mail.textBody).toContain(`Booking reference: ${reference}`);
    // The calendar file is still attached beside it.
    expect(mail.attachments?.map((a) => a.filename)).toEqual(["booking.ics", "check-in-qr.png"]);

    // Over SMTP the PNG is an inline part the HTML refers to by its Content-ID.
    const smtp = await startFakeSmtp();
    try {
      const outbox = createOutbox({
        db: t.db,
        logger: createLogger("silent"),
        transport: nodemailer.createTransport({
          host: "127.0.0.1",
          port: smtp.port,
          secure: false,
          ignoreTLS: true,
        }),
        from: "venue@example.com",
        now: clock.now,
      });
      expect(await outbox.deliverDue()).toBeGreaterThanOrEqual(1);
      const sent = present(smtp.received.find((m) => m.to.some((rcpt) => rcpt.includes(email)))).data;
      expect(sent).toMatch(/Content-Type: multipart\/related/i);
      expect(sent).toContain(`Content-ID: <${REFERENCE_QR_CID}>`);
      expect(sent).toMatch(/Content-Disposition: inline; filename=check-in-qr\.png/i);
    } finally {
      await smtp.close();
    }
  });

  it("a free event registration's confirmation shows its EV- reference as an inline QR image", async () => {
    const event = await insertEvent(t, { memberPriceCents: 0, nonMemberPriceCents: 0, courts: [] });
    const email = "qr-event@example.test";
    const registration = await registerOk(t.client(), event.id, registrationBody({ customerEmail: email }));
    const reference = registrationReference(registration.registrationId);

    const mail = present((await t.emailsTo(email)).at(-1));
    const qr = inlineQr(mail.attachments);
    expect(await decodeQr(Buffer.from(qr.content, "base64"))).toBe(reference);
    expect(mail.htmlBody).toContain(`alt="${referenceQrAlt(reference)}"`);
    expect(mail.textBody).toContain(`Registration reference: ${reference}`);
  });
});
