import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminTestbed,
  adminTestbed,
  MANAGER_PASSWORD,
  paidOnlineReservation,
} from "../../../tests/integration/kits/admin-test-kit";
import { checkoutOk, createHoldOk, holdBody, item } from "../../../tests/integration/kits/booking-test-kit";
import { raceAtProviderRefund } from "../../../tests/integration/kits/provider-race-kit";
import type { ClosureDraft } from "../../contracts/venue";
import { paymentRefunds, payments, reservations } from "../db/schema";
import { present } from "../lib/present";

// A closure that cancels and refunds bookings, and a staff refund of the same payment at the same
// moment, lock the payment's row before its reservations' rows (the order of payment confirmation
// and of the staff refunds), so neither waits for the other in a circle: both answer, and what goes
// back is the payment, once, to the cent. PostgreSQL shows a deadlock as an error after a second;
// PGlite runs one transaction at a time, and must give the same money.

let bed: AdminTestbed;
beforeAll(async () => {
  bed = await adminTestbed();
});
afterAll(() => bed?.t.close());

/** Two hours on one court in one checkout (one payment), paid through the test checkout. */
async function twoItemBooking(date: string, email: string) {
  const client = bed.t.client();
  const hold = await createHoldOk(
    client,
    holdBody({
      customer: { ...holdBody().customer, email },
      items: [
        item({ date, startTime: "10:00", duration: 60 }),
        item({ date, startTime: "11:00", duration: 60 }),
      ],
    }),
  );
  const checkout = await checkoutOk(client, hold);
  expect((await client.request(`${checkout.url}/pay`, { method: "POST" })).status).toBe(303);
  const rows = await bed.t.db.select().from(reservations).where(eq(reservations.holdId, hold.holdId));
  expect(rows).toHaveLength(2);
  return rows.sort((a, b) => a.startTime.localeCompare(b.startTime));
}

const closureOf = (date: string): ClosureDraft => ({
  kind: "closure",
  facilityType: "court",
  facilityIds: [1, 2, 3, 4, 5, 6, 7, 8],
  startsOn: date,
  endsOn: date,
  startTime: "09:00",
  endTime: "13:00",
  weekly: false,
  reason: "Burst pipe",
});

/** The payment is refunded in full, and its ledger holds exactly that: given back once, to the cent. */
async function expectRefundedOnce(paymentId: string) {
  const [payment] = await bed.t.db.select().from(payments).where(eq(payments.id, paymentId));
  const ledger = await bed.t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
  const paid = present(payment).amountCents;
  expect({
    state: present(payment).state,
    refunded: present(payment).refundedCents,
    ledgerSum: ledger.reduce((sum, r) => sum + r.amountCents, 0),
  }).toEqual({ state: "refunded", refunded: paid, ledgerSum: paid });
}

const staffRefund = (reservationId: string) =>
  bed.admin.post(`/api/admin/reservations/${reservationId}/refund`, {
    managerPassword: MANAGER_PASSWORD,
    scope: "reservation",
  });
const cancelInClosure = (date: string) =>
  bed.admin.post("/api/admin/closures", { id: randomUUID(), action: "cancel", draft: closureOf(date) });

describe("a closure's refunds and a staff refund of the same payment at once", () => {
  it("closure refunding an earlier booking, staff refunding a later one meanwhile: no deadlock, each once", async () => {
    // The closure cancels both; while it waits on the provider for the first booking's refund,
    // staff refund the second (its own payment). Both must lock the second payment before its row.
    const date = "2026-11-26";
    const early = await paidOnlineReservation(bed.t, {
      date,
      startTime: "09:00",
      duration: 60,
      email: "a@example.test",
    });
    const later = await paidOnlineReservation(bed.t, {
      date,
      startTime: "11:00",
      duration: 60,
      email: "b@example.test",
    });
    const [closureAnswer, staffAnswer] = await raceAtProviderRefund(
      bed.t,
      () => cancelInClosure(date),
      () => staffRefund(later.id),
    );
    expect(closureAnswer.status).toBe(200);
    expect(await closureAnswer.json()).toMatchObject({ cancelled: 2 });
    // The closure took the second payment first: the staff refund then finds it refunded.
    expect(staffAnswer.status).toBe(409);
    for (const row of [early, later]) await expectRefundedOnce(present(row.paymentId));
    const after = await bed.t.db.select().from(reservations).where(eq(reservations.id, later.id));
    expect(after).toEqual([expect.objectContaining({ status: "cancelled", isRefunded: true })]);
  });

  it("staff refund first (holding the payment), closure meanwhile: no deadlock, the payment back once", async () => {
    const date = "2026-11-24";
    const [first, second] = await twoItemBooking(date, "staff-first@example.test");
    const paymentId = present(present(first).paymentId);
    const [staffAnswer, closureAnswer] = await raceAtProviderRefund(
      bed.t,
      () => staffRefund(present(first).id),
      () => cancelInClosure(date),
    );
    expect(staffAnswer.status).toBe(200);
    expect(closureAnswer.status).toBe(200);
    expect(await closureAnswer.json()).toMatchObject({ cancelled: 1 });

    await expectRefundedOnce(paymentId);
    const after = await bed.t.db.select().from(reservations).where(eq(reservations.paymentId, paymentId));
    expect(after.map((r) => [r.id === present(second).id, r.status, r.isRefunded]).sort()).toEqual(
      [
        [false, "cancelled", true],
        [true, "cancelled", true],
      ].sort(),
    );
  });

  it("closure first (holding the payment), staff refund meanwhile: no deadlock, refunded once", async () => {
    const date = "2026-11-25";
    const [first] = await twoItemBooking(date, "closure-first@example.test");
    const paymentId = present(present(first).paymentId);
    const [closureAnswer, staffAnswer] = await raceAtProviderRefund(
      bed.t,
      () => cancelInClosure(date),
      () => staffRefund(present(first).id),
    );
    expect(closureAnswer.status).toBe(200);
    expect(await closureAnswer.json()).toMatchObject({ cancelled: 2 });
    // The closure refunded it first: the staff refund finds it refunded, and says so.
    expect(staffAnswer.status).toBe(409);

    await expectRefundedOnce(paymentId);
  });
});
