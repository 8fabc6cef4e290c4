import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../../src/server/db/schema";
import { NOW } from "../kits/booking-test-kit";
import { createTestApp, errorOf, type TestApp, testClock } from "../kits/harness";
import { paidBookingWithLink, reschedule, setSelfServicePolicy } from "../kits/manage-kit";

// ISSUE 30 items 5 and 7. Item 5: the manage-link limit counted right links too: the owner's own
// parallel clicks got 10 x 429, and ten wrong links from a shared address locked every booking's
// link there for 15 minutes. Item 7: the same reschedule sent 10 times wrote 10 audit rows and 9
// emails.

const VENUE_WIFI = "203.0.113.120";
const clock = testClock(NOW);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await t.seedFacilities();
  const staff = await t.createAdmin();
  await setSelfServicePolicy(await t.signIn(staff.email, staff.password), {
    enabled: true,
    hoursBefore: 24,
    refundPercent: 100,
  });
}, 60_000);
afterAll(() => t?.close());

const open = (token: string, ip = VENUE_WIFI) =>
  t.request(`/api/booking/manage/${token}`, { headers: { "x-forwarded-for": ip } });
const guess = (i: number) => `wrong-guess-${i}-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa`;

describe("the manage-link limit counts wrong links only (item 5)", () => {
  it("the owner's 20 parallel clicks all open the booking (10 x 429 before, 0 after)", async () => {
    const { token } = await paidBookingWithLink(t, { date: "2026-11-23" });
    const statuses = (await Promise.all(Array.from({ length: 20 }, () => open(token)))).map((r) => r.status);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });

  it("after ten wrong links from a shared address, a right link there still opens; wrong ones are refused", async () => {
    const { token } = await paidBookingWithLink(t, { date: "2026-11-24" });
    const wifi = "203.0.113.121";
    for (let i = 0; i < 10; i++) expect((await open(guess(i), wifi)).status).toBe(404);
    const eleventh = await open(guess(10), wifi);
    expect(eleventh.status).toBe(429);
    expect((await errorOf(eleventh)).message).toMatch(/Too many booking links tried/);

    expect((await open(token, wifi)).status).toBe(200);
    expect(
      (await t.request(`/api/booking/manage/${token}/calendar`, { headers: { "x-forwarded-for": wifi } }))
        .status,
    ).toBe(200);
  });

  it("the addresses of one IPv6 /64 share one count; the next /64 has its own (item 10)", async () => {
    for (let i = 0; i < 10; i++) expect((await open(guess(i), `2001:db8:30:5::${i + 1}`)).status).toBe(404);
    expect((await open(guess(11), "2001:db8:30:5:ffff::9")).status).toBe(429);
    expect((await open(guess(12), "2001:db8:30:6::1")).status).toBe(404);
  });
});

describe("a repeated change is done once (item 7)", () => {
  it("the same reschedule sent 10 times: one move, one audit row, one email (10 rows and 9 emails before)", async () => {
    const { token, item, email } = await paidBookingWithLink(t, { date: "2026-11-25", startTime: "17:00" });
    const body = { reservationId: item.reservationId, date: "2026-11-26", startTime: "17:00" };
    const mailsBefore = (await t.emailsTo(email)).length;

    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await reschedule(t, token, body)).status);
      clock.advance(1000);
    }
    const parallel = await Promise.all(Array.from({ length: 5 }, () => reschedule(t, token, body)));
    statuses.push(...parallel.map((r) => r.status));
    clock.set(NOW);

    expect(statuses).toEqual(Array.from({ length: 10 }, () => 200));
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "customer_reschedule_booking"), eq(auditLog.targetId, item.reservationId)),
      );
    expect(audit).toHaveLength(1);
    const mails = (await t.emailsTo(email)).slice(mailsBefore);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/has moved$/)]);
  });

  it("a cancel sent 10 times, 5 of them at once: one refund, one audit row, one email", async () => {
    const { token, hold, email } = await paidBookingWithLink(t, { date: "2026-11-27" });
    const cancel = () => t.request(`/api/booking/manage/${token}/cancel`, { method: "POST" });
    const first = await Promise.all(Array.from({ length: 5 }, cancel));
    const rest = [];
    for (let i = 0; i < 5; i++) rest.push(await cancel());
    const statuses = [...first, ...rest].map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "customer_cancel_booking"), eq(auditLog.targetId, hold.holdId)));
    expect(audit).toHaveLength(1);
    const mails = await t.emailsTo(email);
    expect(mails.filter((m) => /cancelled/i.test(m.subject))).toHaveLength(1);
  });
});
