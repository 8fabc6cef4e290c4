import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminTestbed,
  adminTestbed,
  DAY,
  MANAGER_PASSWORD,
  paidOnlineReservation,
} from "../../../tests/integration/kits/admin-test-kit";
import { checkoutOk, createHoldOk, holdBody, item } from "../../../tests/integration/kits/booking-test-kit";
import { errorOf } from "../../../tests/integration/kits/harness";
import type { ManualReservationResponse, ReservationResponse } from "../../contracts/admin";
import type { RefundQuoteResponse } from "../../contracts/desk-payments";
import { auditLog, paymentRefunds, payments, reservations } from "../db/schema";
import { present } from "../lib/present";
import type { RefundInput } from "../payment-provider";

// Issue 32 item 5: refunds with amounts — the whole booking at once, or a part of the payment,
// never more than remains (the payment's row lock), through the provider with an idempotency key,
// in the ledger (payment_refunds), the customer's email and the audit log.

let bed: AdminTestbed;
const sent: RefundInput[] = [];
beforeAll(async () => {
  bed = await adminTestbed();
  const provider = present(bed.t.deps.payments);
  const refund = provider.refund.bind(provider);
  provider.refund = async (input) => {
    sent.push(input);
    await new Promise((resolve) => setTimeout(resolve, 10));
    return refund(input);
  };
});
afterAll(() => bed?.t.close());

const refund = (id: string, body: Record<string, unknown>) =>
  bed.admin.post(`/api/admin/reservations/${id}/refund`, { managerPassword: MANAGER_PASSWORD, ...body });
const paymentRow = async (id: string | null) =>
  present(
    (
      await bed.t.db
        .select()
        .from(payments)
        .where(eq(payments.id, present(id)))
    )[0],
  );
const ledgerOf = (paymentId: string | null) =>
  bed.t.db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, present(paymentId)));

/** Two back-to-back hours on one court in one checkout, paid through the test checkout. */
async function twoItemBooking(email: string) {
  const client = bed.t.client();
  const hold = await createHoldOk(
    client,
    holdBody({
      customer: { ...holdBody().customer, email },
      items: [
        item({ date: "2026-11-24", startTime: "17:00", duration: 60 }),
        item({ date: "2026-11-24", startTime: "18:00", duration: 60 }),
      ],
    }),
  );
  const checkout = await checkoutOk(client, hold);
  expect((await client.request(`${checkout.url}/pay`, { method: "POST" })).status).toBe(303);
  return bed.t.db.select().from(reservations).where(eq(reservations.holdId, hold.holdId));
}

describe("refunds with amounts (issue 32 item 5)", () => {
  it("the dialog's quote shows what was paid, what remains and this item's share", async () => {
    const rows = await twoItemBooking("quote@example.test");
    const first = present(rows[0]);
    const response = await bed.admin.get(`/api/admin/reservations/${first.id}/refund-quote`);
    expect(response.status).toBe(200);
    const quote = (await response.json()) as RefundQuoteResponse;
    const payment = await paymentRow(first.paymentId);
    expect(quote).toMatchObject({
      paidCents: payment.amountCents,
      refundedCents: 0,
      remainingCents: payment.amountCents,
      reservationCents: first.priceCents,
      method: "online",
      hasPayment: true,
    });
    expect(quote.items).toHaveLength(2);
  });

  it("refunds a whole two-item checkout at once: one provider refund of all, both cancelled", async () => {
    const rows = await twoItemBooking("whole@example.test");
    const first = present(rows[0]);
    const payment = await paymentRow(first.paymentId);
    const response = await refund(first.id, { scope: "booking", reason: "Rained out" });
    expect(response.status).toBe(200);
    const after = await bed.t.db.select().from(reservations).where(eq(reservations.paymentId, payment.id));
    expect(after.map((r) => [r.status, r.isRefunded])).toEqual([
      ["cancelled", true],
      ["cancelled", true],
    ]);
    expect(sent.filter((s) => s.idempotencyKey === `refund-booking-${payment.id}`)).toEqual([
      expect.objectContaining({ amountCents: payment.amountCents }),
    ]);
    expect(await paymentRow(payment.id)).toMatchObject({
      state: "refunded",
      refundedCents: payment.amountCents,
    });
    const ledger = await ledgerOf(payment.id);
    expect(ledger).toEqual([
      expect.objectContaining({
        amountCents: payment.amountCents,
        actorUserId: bed.adminId,
        reason: "Rained out",
      }),
    ]);
    expect(ledger[0]?.providerRefundId).toMatch(/^re_test_/);
    const emails = await bed.t.emailsTo("whole@example.test");
    const told = emails.find((e) => e.subject.startsWith("Your booking has been refunded"));
    expect(told?.textBody).toContain(`We refunded $${(payment.amountCents / 100).toFixed(2)}`);
    expect(told?.textBody).toContain("for all 2 times of your booking");
  });

  it("10 parallel partial refunds never give back more than was paid", async () => {
    const row = await paidOnlineReservation(bed.t, { startTime: "12:00", email: "parts@example.test" });
    const paid = (await paymentRow(row.paymentId)).amountCents;
    const part = Math.floor(paid / 9) + 1; // nine of them are more than was paid
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        refund(row.id, { scope: "amount", amountCents: part, requestId: randomUUID() }),
      ),
    );
    const ok = answers.filter((r) => r.status === 200).length;
    expect(ok).toBe(Math.floor(paid / part));
    for (const refused of answers.filter((r) => r.status !== 200)) {
      expect(refused.status).toBe(400);
      expect((await errorOf(refused)).message).toMatch(
        /^You can refund at most \$\d+\.\d\d: that is what remains/,
      );
    }
    const payment = await paymentRow(row.paymentId);
    expect(payment.refundedCents).toBe(ok * part);
    expect(payment.refundedCents).toBeLessThanOrEqual(paid);
    const ledger = await ledgerOf(row.paymentId);
    expect(ledger.reduce((sum, l) => sum + l.amountCents, 0)).toBe(payment.refundedCents);
    // The booking stays; the customer heard of each part with its amount.
    const [still] = await bed.t.db.select().from(reservations).where(eq(reservations.id, row.id));
    expect(still).toMatchObject({ status: "confirmed", isRefunded: false });
    const emails = await bed.t.emailsTo("parts@example.test");
    expect(emails.filter((e) => e.subject.startsWith(`We refunded $`))).toHaveLength(ok);
  });

  it("refuses a refund larger than what remains, and changes nothing", async () => {
    const row = await paidOnlineReservation(bed.t, { startTime: "14:00", duration: 60 });
    const paid = (await paymentRow(row.paymentId)).amountCents;
    expect((await refund(row.id, { scope: "amount", amountCents: 1000 })).status).toBe(200);
    const before = sent.length;
    const over = await refund(row.id, { scope: "amount", amountCents: paid - 999 });
    expect(over.status).toBe(400);
    expect((await errorOf(over)).message).toBe(
      `You can refund at most $${((paid - 1000) / 100).toFixed(2)}: that is what remains of this payment`,
    );
    for (const bad of [0, -5, 12.5]) {
      const response = await refund(row.id, { scope: "amount", amountCents: bad });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe(
        "Enter a refund amount in dollars and cents, at least $0.01",
      );
    }
    expect(sent.length).toBe(before);
    expect(await paymentRow(row.paymentId)).toMatchObject({ refundedCents: 1000 });
    expect(await ledgerOf(row.paymentId)).toHaveLength(1);
  });

  it("the same request twice (one request id) refunds once", async () => {
    const row = await paidOnlineReservation(bed.t, { startTime: "15:00", duration: 60 });
    const requestId = randomUUID();
    const answers = await Promise.all([
      refund(row.id, { scope: "amount", amountCents: 500, requestId }),
      refund(row.id, { scope: "amount", amountCents: 500, requestId }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(await paymentRow(row.paymentId)).toMatchObject({ refundedCents: 500 });
    expect(await ledgerOf(row.paymentId)).toHaveLength(1);
  });

  it("half of a two-hour desk booking is handed back at the desk and booked in the ledger", async () => {
    const created = (await (
      await bed.admin.post("/api/admin/reservations", {
        facilityType: "court",
        date: DAY,
        customerName: "Desk Two Hours",
        customerEmail: "deskhalf@example.test",
        startTime: "08:00",
        duration: 120,
        facilityIds: [3],
        priceCents: 9000,
        paymentMethod: "cash",
      })
    ).json()) as ManualReservationResponse;
    const r = present(created.reservations[0]);
    const before = sent.length;
    const response = await refund(r.id, { scope: "amount", amountCents: 4500 });
    expect(response.status).toBe(200);
    expect(((await response.json()) as ReservationResponse).reservation).toMatchObject({
      status: "confirmed",
      paidCents: 9000,
      refundedCents: 4500,
      refundable: true,
    });
    expect(sent.length).toBe(before);
    const [row] = await bed.t.db.select().from(reservations).where(eq(reservations.id, r.id));
    expect(await ledgerOf(present(row).paymentId)).toEqual([
      expect.objectContaining({ amountCents: 4500, providerRefundId: null, reservationId: r.id }),
    ]);
    const emails = await bed.t.emailsTo("deskhalf@example.test");
    expect(emails.at(-1)?.textBody).toContain(
      "We refunded $45.00 of the $90.00 you paid, at the front desk.",
    );
  });

  it("the audit log's refund rows carry the amount, and the refunded total before and after", async () => {
    const rows = await bed.t.db.select().from(auditLog).where(eq(auditLog.action, "refund_reservation"));
    const ok = rows.filter((r) => r.outcome === "success" && !(r.details as { replayed?: boolean }).replayed);
    expect(ok.length).toBeGreaterThanOrEqual(5);
    for (const r of ok) {
      const details = r.details as {
        amountCents: number;
        before: { refundedCents: number };
        after: { refundedCents: number };
      };
      expect(details.amountCents).toBeGreaterThan(0);
      expect(details.after.refundedCents - details.before.refundedCents).toBe(details.amountCents);
    }
    const desk = ok.find((r) => (r.details as { scope?: string; amountCents?: number }).amountCents === 4500);
    expect(desk?.details).toMatchObject({ scope: "amount", provider: "desk", paidCents: 9000 });
  });
});
