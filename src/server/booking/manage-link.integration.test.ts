import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkoutOk,
  createHoldOk,
  holdBody,
  item,
  NOW,
  paymentForSession,
} from "../../../tests/integration/kits/booking-test-kit";
import {
  createTestApp,
  errorOf,
  type TestApp,
  type TestClient,
  testClock,
} from "../../../tests/integration/kits/harness";
import { decodeQr } from "../../../tests/integration/kits/qr-kit";
import type { BookingView, ManageLinkResponse, SelfCancelResponse } from "../../contracts/manage";
import { auditLog, manageLinks, payments, reservations } from "../db/schema";
import { present } from "../lib/present";
import { MANAGE_LOOKUP_LIMIT } from "./manage-access";

// Issue 14 items 2 and 3 (decision 019): the confirmation, the manage link and self-service
// cancellation under the venue's policy, through the HTTP API on a real database.

const clock = testClock(NOW);
let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await t.seedFacilities();
  const staff = await t.createAdmin();
  admin = await t.signIn(staff.email, staff.password);
});
afterAll(() => t?.close());

let n = 0;
/** A guest pays through the built-in test checkout; returns the hold, its browser and the email's link. */
async function paidBooking(
  options: { date?: string; startTime?: string; couponCode?: string; single?: boolean } = {},
) {
  const email = `manage-${++n}@example.test`;
  const client = t.client();
  const hold = await createHoldOk(
    client,
    holdBody({
      customer: { ...holdBody().customer, email },
      items: [
        item({ date: options.date ?? "2026-11-23", startTime: options.startTime ?? "17:00", duration: 60 }),
        ...(options.single
          ? []
          : [item({ date: options.date ?? "2026-11-23", startTime: "19:00", duration: 60 })]),
      ],
      couponCode: options.couponCode,
    }),
  );
  const checkout = await checkoutOk(client, hold);
  const paid = await client.request(`${checkout.url}/pay`, { method: "POST" });
  expect(paid.status).toBe(303);
  const [mail] = await t.emailsTo(email);
  const token = present(present(mail).textBody.match(/\/manage\/([A-Za-z0-9_-]+)/)?.[1]);
  return { email, client, hold, checkout, token, mail: present(mail) };
}

const setPolicy = (policy: { enabled: boolean; hoursBefore: number; refundPercent: number }) =>
  admin.put("/api/admin/self-service-policy", policy);

describe("the confirmation on /success", () => {
  it("shows every item, the amounts and a reference to the browser that paid, and to no one else", async () => {
    const { client, hold } = await paidBooking({ couponCode: "" });
    const response = await client.get(`/api/booking/holds/${hold.holdId}/confirmation`, {
      headers: { "x-hold-token": hold.holdToken },
    });
    expect(response.status).toBe(200);
    const view = (await response.json()) as BookingView;
    expect(view.status).toBe("confirmed");
    expect(view.reference).toMatch(/^BK-[0-9A-F]{8}$/);
    expect(view.items.map((i) => [i.facilityName, i.date, i.displayTime])).toEqual([
      ["Court 1", "2026-11-23", "5:00 PM - 6:00 PM"],
      ["Court 1", "2026-11-23", "7:00 PM - 8:00 PM"],
    ]);
    expect(view.totalCents).toBe(hold.totalCents);
    expect(view.venue.mapUrl).toContain("google.com/maps");
    // The policy is off by default: the spec's "call us".
    expect(view.selfService).toMatchObject({ canCancel: false });
    expect(view.selfService.message).toBe("To cancel or reschedule, please call us at (512) 555-0142.");

    const stranger = await t.client().get(`/api/booking/holds/${hold.holdId}/confirmation`, {
      headers: { "x-hold-token": "not-the-token-0123456789" },
    });
    expect(stranger.status).toBe(404);
    expect(await t.client().get(`/api/booking/holds/${hold.holdId}/confirmation`)).toHaveProperty(
      "status",
      404,
    );

    const ics = await client.get(`/api/booking/holds/${hold.holdId}/calendar`, {
      headers: { "x-hold-token": hold.holdToken },
    });
    expect(ics.status).toBe(200);
    expect(ics.headers.get("content-type")).toContain("text/calendar");
    expect((await ics.text()).match(/BEGIN:VEVENT/g)).toHaveLength(2);
  });

  it("shows a member their own booking by their session", async () => {
    const member = await t.createMember();
    const client = await t.signIn(member.email, member.password);
    const hold = await createHoldOk(
      client,
      holdBody({ items: [item({ date: "2026-11-24", duration: 60 })] }),
    );
    const checkout = await checkoutOk(client, hold);
    await client.request(`${checkout.url}/pay`, { method: "POST" });
    const response = await client.get(`/api/booking/holds/${hold.holdId}/confirmation`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as BookingView).status).toBe("confirmed");
  });

  it("emails the reference, the logo, a tap-to-call phone and the manage link", async () => {
    const { mail, token, hold } = await paidBooking({ date: "2026-11-25" });
    const reference = `BK-${hold.holdId.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
    expect(mail.textBody).toContain(`Booking reference: ${reference}`);
    expect(mail.textBody).toContain(`http://localhost:3000/manage/${token}`);
    expect(mail.htmlBody).toContain('href="tel:+15125550142"');
    expect(mail.htmlBody).toContain('<img src="http://localhost:3000/files/logo.svg"');
    expect(mail.htmlBody).toContain("Manage booking");
    // Only the token's hash is stored.
    const stored = await t.db.select().from(manageLinks).where(eq(manageLinks.holdId, hold.holdId));
    expect(stored).toHaveLength(1);
    expect(present(stored[0]).tokenHash).not.toContain(token);
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
  });
});

describe("the manage link", () => {
  it("opens the booking with a valid token; a wrong one and an expired one are refused alike", async () => {
    const { token, hold } = await paidBooking({ date: "2026-11-26" });
    const ok = await t.request(`/api/booking/manage/${token}`);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as BookingView).items).toHaveLength(2);

    const wrong = await t.request(`/api/booking/manage/${token.slice(0, -4)}AAAA`);
    expect(wrong.status).toBe(404);
    expect((await errorOf(wrong)).message).toMatch(/not valid or has expired/);

    // The link works until 7 days after the booking ends (Nov 26, 8:00 PM CST + 7 days).
    clock.set("2026-12-04T01:59:00Z");
    expect((await t.request(`/api/booking/manage/${token}`)).status).toBe(200);
    clock.set("2026-12-04T02:01:00Z");
    const expired = await t.request(`/api/booking/manage/${token}`);
    expect(expired.status).toBe(404);
    clock.set(NOW);

    // "Manage booking" on /success mints a new link for the browser that paid.
    const minted = await t.client().post(`/api/booking/holds/${hold.holdId}/manage-link`, {
      holdToken: hold.holdToken,
    });
    expect(minted.status).toBe(201);
    const { path } = (await minted.json()) as ManageLinkResponse;
    expect((await t.request(`/api/booking${path}`)).status).toBe(200);
    const ics = await t.request(`/api/booking${path}/calendar`);
    expect(ics.status).toBe(200);
    expect(await ics.text()).toContain("SUMMARY:Court 1 at Backspin Social");
  });

  it(`refuses an address after ${MANAGE_LOOKUP_LIMIT.limit} wrong links in 15 minutes; right links are not counted and always open`, async () => {
    const { token } = await paidBooking({ date: "2026-11-27" });
    const ip = "203.0.113.77";
    const from = (address: string) => ({ headers: { "x-forwarded-for": address } });
    // Right links never count against the address.
    for (let i = 0; i < 15; i++) {
      expect((await t.request(`/api/booking/manage/${token}`, from(ip))).status).toBe(200);
    }
    for (let i = 0; i < MANAGE_LOOKUP_LIMIT.limit; i++) {
      const guess = `guess${i}-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa`;
      expect((await t.request(`/api/booking/manage/${guess}`, from(ip))).status).toBe(404);
    }
    const refused = await t.request("/api/booking/manage/guess-last-aaaaaaaaaaaaaaaaaaaaaaaaaaaa", from(ip));
    expect(refused.status).toBe(429);
    // Issue 30 item 5: a right link always opens, even from an address that guessed too often.
    expect((await t.request(`/api/booking/manage/${token}`, from(ip))).status).toBe(200);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await errorOf(refused)).message).toMatch(/Too many booking links tried/);
    // Another address is unaffected; the window's end frees this one.
    const another = await t.request(
      "/api/booking/manage/guess-last-aaaaaaaaaaaaaaaaaaaaaaaaaaaa",
      from("203.0.113.78"),
    );
    expect(another.status).toBe(404);
    clock.advance(MANAGE_LOOKUP_LIMIT.windowMs);
    expect(
      (await t.request("/api/booking/manage/guess-last-aaaaaaaaaaaaaaaaaaaaaaaaaaaa", from(ip))).status,
    ).toBe(404);
    clock.set(NOW);
  });
});

describe("self-service cancellation", () => {
  it("is refused while the policy is off (the default), and nothing changes", async () => {
    await setPolicy({ enabled: false, hoursBefore: 24, refundPercent: 100 });
    const { token, hold } = await paidBooking({ date: "2026-11-28" });
    const refused = await t.request(`/api/booking/manage/${token}/cancel`, { method: "POST" });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe(
      "To cancel or reschedule, please call us at (512) 555-0142.",
    );
    const rows = await t.db.select().from(reservations).where(eq(reservations.holdId, hold.holdId));
    expect(rows.every((r) => r.status === "confirmed")).toBe(true);
  });

  it("lets staff set the policy, checks its figures and audits the change", async () => {
    const bad = await setPolicy({ enabled: true, hoursBefore: 24, refundPercent: 150 });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe("Refund percentage must be a whole number from 0 to 100");
    const ok = await setPolicy({ enabled: true, hoursBefore: 24, refundPercent: 50 });
    expect(ok.status).toBe(200);
    expect(await (await admin.get("/api/admin/self-service-policy")).json()).toEqual({
      enabled: true,
      hoursBefore: 24,
      refundPercent: 50,
    });
    expect((await t.client().get("/api/admin/self-service-policy")).status).toBe(401);
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, "update_self_service_policy"));
    expect(row).toMatchObject({ outcome: "success", targetType: "venue_settings" });
  });

  it("is refused too late: within the policy's hours of the start", async () => {
    await setPolicy({ enabled: true, hoursBefore: 24, refundPercent: 50 });
    // Thursday Nov 19, 5:00 PM: 32 hours after NOW, so the 24-hour deadline is 8 hours away.
    const { token } = await paidBooking({ date: "2026-11-19" });
    clock.advance(9 * 3_600_000);
    const view = (await (await t.request(`/api/booking/manage/${token}`)).json()) as BookingView;
    expect(view.selfService.canCancel).toBe(false);
    expect(view.selfService.message).toMatch(/^Online cancellation closed at Nov 18, 2026 5:00 PM\./);
    const refused = await t.request(`/api/booking/manage/${token}/cancel`, { method: "POST" });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe(
      "Online cancellation closes 24 hours before the start. To cancel or reschedule, please call us at (512) 555-0142.",
    );
    clock.set(NOW);
  });

  it("cancels, refunds the policy's share once through the spine, audits and emails", async () => {
    await setPolicy({ enabled: true, hoursBefore: 24, refundPercent: 50 });
    const { token, hold, checkout, email } = await paidBooking({ date: "2026-11-22" });
    const before = (await (await t.request(`/api/booking/manage/${token}`)).json()) as BookingView;
    expect(before.selfService).toMatchObject({ canCancel: true, refundPercent: 50 });
    // Issue 33 item 2: the check-in QR code, drawn by the server, reads back as the reference.
    expect(await decodeQr(present(before.checkInQrSvg))).toBe(before.reference);
    const payment = await paymentForSession(t.deps, checkout.sessionId);
    const expected = Math.floor(payment.amountCents / 2);
    expect(before.selfService.refundCents).toBe(expected);

    // Two clicks at once: one cancellation, one refund.
    const [a, b] = await Promise.all([
      t.request(`/api/booking/manage/${token}/cancel`, { method: "POST" }),
      t.request(`/api/booking/manage/${token}/cancel`, { method: "POST" }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const done = (await (a.status === 200 ? a : b).json()) as SelfCancelResponse;
    expect(done.refundedCents).toBe(expected);
    expect(done.booking.status).toBe("cancelled");
    expect(done.booking.checkInQrSvg).toBeNull();

    const [after] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after).toMatchObject({ refundedCents: expected, state: "completed" });
    expect(present(after).providerRefundId).toMatch(/^re_test_/);
    const rows = await t.db.select().from(reservations).where(eq(reservations.holdId, hold.holdId));
    expect(rows.map((r) => [r.status, r.isRefunded])).toEqual([
      ["cancelled", true],
      ["cancelled", true],
    ]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "customer_cancel_booking"), eq(auditLog.targetId, hold.holdId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ outcome: "success", actorUserId: null });
    expect(audit[0]?.details).toMatchObject({ refundCents: expected, refundPercent: 50 });
    const mails = await t.emailsTo(email);
    expect(mails.map((m) => m.subject)).toEqual([
      "Your booking at Backspin Social is confirmed",
      `Your booking ${done.booking.reference} at Backspin Social is cancelled`,
    ]);
    expect(present(mails[1]).textBody).toContain(
      `A refund of $${(expected / 100).toFixed(2)} (50% of your payment)`,
    );

    // The time is free again.
    const slots = await t.request("/api/booking/availability?facilityType=court&date=2026-11-22&duration=60");
    const body = (await slots.json()) as { slots: Array<{ startTime: string; availableFacilities: number }> };
    expect(body.slots.find((s) => s.startTime === "17:00")?.availableFacilities).toBe(8);
    await setPolicy({ enabled: false, hoursBefore: 24, refundPercent: 100 });
  });

  it("is stated in each confirmation email as staff last saved it (the payment reads it cached)", async () => {
    const off = await paidBooking({ date: "2026-11-24", startTime: "17:00", single: true });
    expect(off.mail.textBody).toContain("To cancel or reschedule, please call us at (512) 555-0142.");
    await setPolicy({ enabled: true, hoursBefore: 24, refundPercent: 50 });
    const on = await paidBooking({ date: "2026-11-24", startTime: "19:00", single: true });
    expect(on.mail.textBody).toContain("if you cancel, you get 50% of your payment back.");
    await setPolicy({ enabled: false, hoursBefore: 24, refundPercent: 100 });
    const offAgain = await paidBooking({ date: "2026-11-24", startTime: "20:00", single: true });
    expect(offAgain.mail.textBody).not.toContain("online until");
  });
});

describe("self-service rescheduling", () => {
  it("moves one item to a free time at that time's price (another court when its own is taken), audits and emails", async () => {
    await setPolicy({ enabled: false, hoursBefore: 24, refundPercent: 100 });
    const { token, email } = await paidBooking({ date: "2026-11-20" });
    const view = (await (await t.request(`/api/booking/manage/${token}`)).json()) as BookingView;
    const first = present(view.items[0]);
    const move = (body: { date: string; startTime: string }) =>
      t.request(`/api/booking/manage/${token}/reschedule`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ reservationId: first.reservationId, ...body }),
      });
    // Off by default: "call us", and nothing moves.
    const off = await move({ date: "2026-11-24", startTime: "10:00" });
    expect(off.status).toBe(403);
    expect((await errorOf(off)).message).toBe("To cancel or reschedule, please call us at (512) 555-0142.");

    await setPolicy({ enabled: true, hoursBefore: 24, refundPercent: 100 });
    // A new time inside the policy's window is refused, as is one past the horizon.
    expect((await move({ date: "2026-11-18", startTime: "20:00" })).status).toBe(400);
    const far = await move({ date: "2026-12-20", startTime: "10:00" });
    expect((await errorOf(far)).message).toBe("You can only book up to 10 days in advance");

    // Court 1 is taken at 10:00 on the 24th by someone else: the item moves to Court 2.
    await paidBooking({ date: "2026-11-24", startTime: "10:00", single: true });
    const moved = await move({ date: "2026-11-24", startTime: "10:00" });
    expect(moved.status).toBe(200);
    const after = (await moved.json()) as BookingView;
    const movedItem = present(after.items.find((i) => i.reservationId === first.reservationId));
    // Priced at the new time (issue 30 item 1): a weekday morning is cheaper than Friday evening,
    // and the policy (100%) gives the difference back.
    expect([movedItem.facilityName, movedItem.date, movedItem.displayTime, movedItem.priceCents]).toEqual([
      "Court 2",
      "2026-11-24",
      "10:00 AM - 11:00 AM",
      2500,
    ]);
    expect(after.refundedCents).toBe(first.priceCents - 2500);

    // Every court full at 12:00 on the 25th: a 409 in the spec's words, nothing moves.
    for (let i = 0; i < 8; i++) await paidBooking({ date: "2026-11-25", startTime: "12:00", single: true });
    const full = await move({ date: "2026-11-25", startTime: "12:00" });
    expect(full.status).toBe(409);
    expect((await errorOf(full)).message).toBe(
      "Court time Wed, Nov 25 12:00 PM - 1:00 PM is no longer available",
    );

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "customer_reschedule_booking"), eq(auditLog.targetId, first.reservationId)),
      );
    expect(audit).toHaveLength(1);
    const mails = await t.emailsTo(email);
    expect(present(mails.at(-1)).subject).toBe(`Your booking ${view.reference} at Backspin Social has moved`);
    expect(present(mails.at(-1)).textBody).toContain("Now: Court 2 · Tue, Nov 24 · 10:00 AM - 11:00 AM");
    await setPolicy({ enabled: false, hoursBefore: 24, refundPercent: 100 });
  });
});
