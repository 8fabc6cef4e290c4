import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminTestbed,
  adminTestbed,
  DAY,
  insertReservation,
  paidOnlineReservation,
} from "../../../tests/integration/kits/admin-test-kit";
import { queryRows } from "../../../tests/integration/kits/harness";
import type { ManualReservationResponse } from "../../contracts/admin";
import type { RevenueReport } from "../../contracts/reports";
import type { ClosureImpact, SaveClosureResult } from "../../contracts/venue";
import { paymentRefunds, payments, reservations } from "../db/schema";
import { present } from "../lib/present";
import type { RefundInput } from "../payment-provider";

// Decision 029 with 035: a closure that cancels bookings paid at the desk refunds them into the
// refund ledger as the staff refund dialog does, the customer's email says where the money is, and
// the revenue report still equals the payments less the ledger's refunds, to the cent.
let bed: AdminTestbed;
const providerRefunds: RefundInput[] = [];
beforeAll(async () => {
  bed = await adminTestbed();
  const provider = present(bed.t.deps.payments);
  const refund = provider.refund.bind(provider);
  provider.refund = async (input) => {
    providerRefunds.push(input);
    return refund(input);
  };
});
afterAll(() => bed?.t.close());

async function deskBooking(startTime: string, facilityIds: number[], priceCents: number, email: string) {
  const response = await bed.admin.post("/api/admin/reservations", {
    facilityType: "court",
    date: DAY,
    customerName: "Casey Desk",
    customerEmail: email,
    startTime,
    duration: 60,
    facilityIds,
    priceCents,
    paymentMethod: "cash",
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as ManualReservationResponse).reservations.map((r) => r.id);
}

/** The payments taken (completed or refunded since) less the ledger's refunds, as the database has them. */
async function ledgerNet(): Promise<number> {
  const [row] = await queryRows<{ net: string }>(
    bed.t.db,
    sql`select (select coalesce(sum(amount_cents), 0) from payments where state in ('completed', 'refunded'))
             - (select coalesce(sum(amount_cents), 0) from payment_refunds) as net`,
  );
  return Number(present(row).net);
}

describe("a closure cancelling bookings paid at the desk", () => {
  it("writes the refunds to the ledger, tells each customer where the money is, and revenue reconciles", async () => {
    // Two courts at 10:00 paid in cash as one desk payment ($40.50 each, $81.00), one court paid
    // online, one marked paid at the desk before desk payments were recorded, and a desk booking
    // after the closure that is kept.
    const desk = await deskBooking("10:00", [1, 2], 4050, "desk@example.test");
    const online = await paidOnlineReservation(bed.t, {
      startTime: "10:00",
      duration: 60,
      email: "online@example.test",
    });
    const legacy = await insertReservation(bed.t, {
      courtId: 4,
      startTime: "11:00",
      endTime: "12:00",
      isAdminCreated: true,
      priceCents: 3000,
      customerEmail: "legacy@example.test",
    });
    const kept = await deskBooking("14:00", [5], 2537, "kept@example.test");
    const deskRows = await bed.t.db.select().from(reservations).where(inArray(reservations.id, desk));
    const deskPaymentId = present(present(deskRows[0]).paymentId);

    const draft = {
      kind: "closure" as const,
      facilityType: "court" as const,
      facilityIds: [1, 2, 3, 4, 5, 6, 7, 8],
      startsOn: DAY,
      endsOn: DAY,
      startTime: "09:00",
      endTime: "12:00",
      weekly: false,
      reason: "Roof leak",
    };
    const impact = (await (
      await bed.admin.post("/api/admin/closures/impact", { draft })
    ).json()) as ClosureImpact;
    const stateOf = (id: string) => impact.bookings.find((b) => b.id === id)?.state;
    expect(desk.map(stateOf)).toEqual(["desk", "desk"]);
    expect([stateOf(online.id), stateOf(legacy.id)]).toEqual(["paid", "desk"]);

    const id = randomUUID();
    const saved = await bed.admin.post("/api/admin/closures", { id, action: "cancel", draft });
    expect(saved.status).toBe(200);
    const result = (await saved.json()) as SaveClosureResult;
    expect(result).toMatchObject({ cancelled: 4, refundedCents: 8100 + online.priceCents });

    // The desk payment: two ledger rows as the refund dialog writes them (who, which booking, why,
    // no provider), adding up to the payment; no money asked of the card provider for it.
    const ledger = await bed.t.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, deskPaymentId));
    expect(ledger.map((r) => r.amountCents).sort()).toEqual([4050, 4050]);
    for (const r of ledger) {
      expect(r).toMatchObject({
        actorUserId: bed.adminId,
        reason: "Closure: Roof leak",
        providerRefundId: null,
      });
      expect(r.idempotencyKey).toBe(`refund-reservation-${r.reservationId}`);
    }
    expect(new Set(ledger.map((r) => r.reservationId))).toEqual(new Set(desk));
    const [deskPayment] = await bed.t.db.select().from(payments).where(eq(payments.id, deskPaymentId));
    expect(deskPayment).toMatchObject({ state: "refunded", refundedCents: 8100, amountCents: 8100 });
    expect(providerRefunds).toHaveLength(1);
    expect(providerRefunds[0]?.idempotencyKey).toBe(`refund-reservation-${online.id}`);
    const [onlineLedger] = await bed.t.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.reservationId, online.id));
    expect(onlineLedger).toMatchObject({ actorUserId: bed.adminId, amountCents: online.priceCents });

    // The emails say where the money is.
    const deskMails = (await bed.t.emailsTo("desk@example.test")).filter((e) =>
      e.subject.includes("cancelled"),
    );
    expect(deskMails).toHaveLength(2);
    expect(present(deskMails[0]).textBody).toContain(
      "You paid at the front desk, so your full refund of $40.50 is waiting for you there",
    );
    const [onlineMail] = (await bed.t.emailsTo("online@example.test")).filter((e) =>
      e.subject.includes("cancelled"),
    );
    expect(present(onlineMail).textBody).toContain("is on its way to your card");
    const [legacyMail] = await bed.t.emailsTo("legacy@example.test");
    expect(present(legacyMail).textBody).toContain(
      "You paid at the front desk: ask there for your money back",
    );

    // Payments less refunds is the report's revenue, to the cent: only the kept desk booking remains.
    const report = (await (
      await bed.admin.get("/api/admin/reports/revenue?from=2026-11-01&to=2026-11-30")
    ).json()) as RevenueReport;
    expect(report.totals.totalCents).toBe(await ledgerNet());
    expect(report.totals).toMatchObject({ desk: 2537, courts: 0, totalCents: 2537 });
    const [keptRow] = await bed.t.db
      .select()
      .from(reservations)
      .where(eq(reservations.id, present(kept[0])));
    expect(keptRow?.status).toBe("confirmed");

    // The same save again changes nothing more.
    const again = await bed.admin.post("/api/admin/closures", { id, action: "cancel", draft });
    expect(await again.json()).toEqual(result);
    expect(await bed.t.db.select().from(paymentRefunds)).toHaveLength(3);
    expect(await ledgerNet()).toBe(2537);
  });
});
