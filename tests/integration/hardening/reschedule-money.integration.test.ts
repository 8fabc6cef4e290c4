import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BookingView } from "../../../src/contracts/manage";
import { auditLog, payments, reservations } from "../../../src/server/db/schema";
import { expireHolds } from "../../../src/server/kernel/schedule/expire-holds";
import { present } from "../../../src/server/lib/present";
import { NOW } from "../kits/booking-test-kit";
import { createTestApp, type TestApp, testClock } from "../kits/harness";
import { paidBookingWithLink, reschedule, setSelfServicePolicy } from "../kits/manage-kit";

// ISSUE 30 item 1 (money): a Tuesday 09:00 court booking at $25 moved through the manage link to
// Saturday 18:00 (quoted $45) answered 200 and kept priceCents 2500. Now a reschedule is priced at
// the new time: a dearer one asks for the difference through the checkout and the old time is kept
// until it is paid; a cheaper one refunds the difference by the venue's refund percentage through
// the payment spine; the same price moves as before. The email and the audit say the amounts.

const TUESDAY = "2026-11-24";
const SATURDAY = "2026-11-28";
const clock = testClock(NOW);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await t.seedFacilities();
  const staff = await t.createAdmin();
  await setSelfServicePolicy(await t.signIn(staff.email, staff.password), {
    enabled: true,
    hoursBefore: 24,
    refundPercent: 50,
  });
}, 60_000);
afterAll(() => t?.close());
beforeEach(() => clock.set(NOW));

const view = async (token: string) =>
  (await (await t.request(`/api/booking/manage/${token}`)).json()) as BookingView;
const paymentsOf = (ids: string[]) =>
  Promise.all(
    ids.map(async (id) => present((await t.db.select().from(payments).where(eq(payments.id, id)))[0])),
  );
const auditOf = (reservationId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "customer_reschedule_booking"), eq(auditLog.targetId, reservationId)));

describe("a reschedule is priced at the new time", () => {
  it("dearer ($25 → $45): the $20 difference is paid through the checkout before the move is final", async () => {
    const booked = await paidBookingWithLink(t, { date: TUESDAY, startTime: "09:00", duration: 60 });
    expect(booked.item.priceCents).toBe(2500);

    // Shown before anything is charged: the server's quote of the move.
    const query = new URLSearchParams({
      reservationId: booked.item.reservationId,
      date: SATURDAY,
      startTime: "18:00",
    });
    const quote = await t.request(`/api/booking/manage/${booked.token}/reschedule-quote?${query}`);
    expect(await quote.json()).toMatchObject({
      kind: "dearer",
      priceBeforeCents: 2500,
      priceAfterCents: 4500,
      payCents: 2000,
      message:
        "The new time costs $45.00 instead of $25.00. You'll pay the $20.00 difference at checkout; your current time is kept until then.",
    });

    const asked = await reschedule(t, booked.token, {
      reservationId: booked.item.reservationId,
      date: SATURDAY,
      startTime: "18:00",
    });
    expect(asked.status).toBe(200);
    const waiting = (await asked.json()) as BookingView;
    // The old booking is kept until the difference is paid.
    expect(present(waiting.items[0])).toMatchObject({ date: TUESDAY, startTime: "09:00", priceCents: 2500 });
    const pending = present(waiting.pendingMove, "the move waiting for its payment");
    expect(pending).toMatchObject({
      reservationId: booked.item.reservationId,
      date: SATURDAY,
      startTime: "18:00",
      priceCents: 4500,
      differenceCents: 2000,
    });
    // The new time is held meanwhile: nobody else can take that court.
    const held = await t.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.date, SATURDAY), eq(reservations.status, "pending")));
    expect(held).toHaveLength(1);

    const paid = await booked.client.request(`${pending.checkoutUrl}/pay`, { method: "POST" });
    expect(paid.status).toBe(303);
    // Back to the booking by the link the tab kept: no manage token goes to the provider.
    expect(paid.headers.get("location")).toBe("/manage/return");

    const after = await view(booked.token);
    expect(after.pendingMove).toBeNull();
    expect(after.items.map((i) => [i.date, i.startTime, i.priceCents, i.status])).toEqual([
      [SATURDAY, "18:00", 4500, "confirmed"],
    ]);
    expect([after.totalCents, after.refundedCents]).toEqual([4500, 0]);
    // Reconciles with the payments table to the cent: $25 + $20 paid for a $45 item.
    const rows = await t.db.select().from(payments).where(eq(payments.purpose, "reschedule"));
    expect(rows.map((p) => [p.amountCents, p.state])).toEqual([[2000, "completed"]]);
    const audit = await auditOf(booked.item.reservationId);
    expect(audit).toHaveLength(1);
    expect(present(audit[0]).details).toMatchObject({
      priceBeforeCents: 2500,
      priceAfterCents: 4500,
      paidCents: 2000,
      refundCents: 0,
    });
    const mail = present((await t.emailsTo(booked.email)).at(-1));
    expect(mail.subject).toMatch(/has moved$/);
    expect(mail.textBody).toContain(
      "The new time costs $45.00 instead of $25.00: you paid the $20.00 difference.",
    );

    // Cancelling now gives back the policy's share of both payments: 50% of $25 + 50% of $20.
    const cancelled = await t.request(`/api/booking/manage/${booked.token}/cancel`, { method: "POST" });
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as { refundedCents: number }).refundedCents).toBe(2250);
  });

  it("dearer but never paid: after the checkout's 15 minutes the booking is as it was and the time is free", async () => {
    const booked = await paidBookingWithLink(t, { date: TUESDAY, startTime: "10:00", duration: 60 });
    const asked = (await (
      await reschedule(t, booked.token, {
        reservationId: booked.item.reservationId,
        date: SATURDAY,
        startTime: "19:00",
      })
    ).json()) as BookingView;
    expect(asked.pendingMove?.differenceCents).toBe(2000);

    clock.advance(16 * 60_000);
    await expireHolds(t.deps);
    const after = await view(booked.token);
    expect(after.pendingMove).toBeNull();
    expect(after.items.map((i) => [i.date, i.startTime, i.priceCents])).toEqual([[TUESDAY, "10:00", 2500]]);
    const held = await t.db
      .select()
      .from(reservations)
      .where(
        and(
          eq(reservations.date, SATURDAY),
          eq(reservations.startTime, "19:00"),
          eq(reservations.status, "pending"),
        ),
      );
    expect(held).toHaveLength(0);
    expect(await auditOf(booked.item.reservationId)).toHaveLength(0);
  });

  it("cheaper ($45 → $25): the move is made and 50% of the $20 difference ($10) goes back through the spine", async () => {
    const booked = await paidBookingWithLink(t, { date: SATURDAY, startTime: "17:00", duration: 60 });
    expect(booked.item.priceCents).toBe(4500);
    const moved = await reschedule(t, booked.token, {
      reservationId: booked.item.reservationId,
      date: TUESDAY,
      startTime: "11:00",
    });
    expect(moved.status).toBe(200);
    const after = (await moved.json()) as BookingView;
    expect(after.pendingMove).toBeNull();
    expect(after.items.map((i) => [i.date, i.startTime, i.priceCents])).toEqual([[TUESDAY, "11:00", 2500]]);
    expect(after.refundedCents).toBe(1000);
    const [row] = await t.db
      .select()
      .from(reservations)
      .where(eq(reservations.id, booked.item.reservationId));
    const [payment] = await paymentsOf([present(present(row).paymentId)]);
    expect(payment).toMatchObject({ amountCents: 4500, refundedCents: 1000, state: "completed" });
    expect(payment?.providerRefundId).toMatch(/^re_test_/);
    expect(present((await auditOf(booked.item.reservationId))[0]).details).toMatchObject({
      priceBeforeCents: 4500,
      priceAfterCents: 2500,
      paidCents: 0,
      refundCents: 1000,
      refundPercent: 50,
    });
    expect(present((await t.emailsTo(booked.email)).at(-1)).textBody).toContain(
      "The new time costs $25.00 instead of $45.00: $10.00 (50% of the $20.00 difference) is on its way back to your card.",
    );
  });

  it("the same price moves at once, as before: no payment, no refund", async () => {
    const booked = await paidBookingWithLink(t, { date: TUESDAY, startTime: "12:00", duration: 60 });
    const moved = await reschedule(t, booked.token, {
      reservationId: booked.item.reservationId,
      date: "2026-11-25",
      startTime: "12:00",
    });
    expect(moved.status).toBe(200);
    const after = (await moved.json()) as BookingView;
    expect(after.pendingMove).toBeNull();
    expect(after.items.map((i) => [i.date, i.priceCents])).toEqual([["2026-11-25", 2500]]);
    expect(after.refundedCents).toBe(0);
    expect(present((await t.emailsTo(booked.email)).at(-1)).textBody).toContain("The price is unchanged.");
  });
});
