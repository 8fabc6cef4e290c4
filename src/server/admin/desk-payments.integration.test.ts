import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminTestbed, adminTestbed, DAY } from "../../../tests/integration/kits/admin-test-kit";
import { errorOf } from "../../../tests/integration/kits/harness";
import type { ManualReservationResponse, ReservationResponse } from "../../contracts/admin";
import type { DeskPriceResponse } from "../../contracts/desk-payments";
import { slotPrices } from "../../domain/pricing";
import { DEFAULT_RATE_CARD } from "../../domain/rate-card";
import { auditLog, payments, reservations } from "../db/schema";
import { present } from "../lib/present";

// Issue 32 item 4: a booking taken at the desk carries a price and how it was paid; cash or a card
// at the desk is a payments row (provider "desk") with the amount and the method, and a receipt.

let bed: AdminTestbed;
beforeAll(async () => {
  bed = await adminTestbed();
});
afterAll(() => bed?.t.close());

const book = (overrides: Record<string, unknown>) =>
  bed.admin.post("/api/admin/reservations", {
    facilityType: "court",
    date: DAY,
    customerName: "Casey Desk",
    startTime: "10:00",
    duration: 60,
    facilityIds: [1],
    ...overrides,
  });

const paymentOf = async (paymentId: string | null) =>
  present(
    (
      await bed.t.db
        .select()
        .from(payments)
        .where(eq(payments.id, present(paymentId)))
    )[0],
  );

describe("desk payments (issue 32 item 4)", () => {
  it("the desk form starts from the rate card's price for the slot", async () => {
    const response = await bed.admin.get(
      `/api/admin/desk-price?facilityType=court&date=${DAY}&startTime=17:00&duration=120`,
    );
    expect(response.status).toBe(200);
    const price = (await response.json()) as DeskPriceResponse;
    expect(price).toEqual(slotPrices(DEFAULT_RATE_CARD, "court", DAY, "17:00", 120));
    expect(price.nonMemberPriceCents).toBeGreaterThan(0);
  });

  it("records a cash payment of the total with its method, and emails the receipt", async () => {
    const response = await book({
      facilityIds: [1, 2],
      startTime: "12:00",
      priceCents: 4050,
      paymentMethod: "cash",
      customerEmail: "casey@example.test",
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as ManualReservationResponse;
    expect(body.reservations).toHaveLength(2);
    for (const r of body.reservations) {
      expect(r).toMatchObject({
        priceCents: 4050,
        manualPaymentStatus: "paid",
        paymentMethod: "cash",
        paidCents: 8100,
        paidOnline: false,
        refundable: true,
      });
    }
    const [row] = await bed.t.db
      .select()
      .from(reservations)
      .where(eq(reservations.id, present(body.reservations[0]).id));
    const payment = await paymentOf(present(row).paymentId);
    expect(payment).toMatchObject({
      provider: "desk",
      method: "cash",
      amountCents: 8100,
      refundedCents: 0,
      state: "completed",
    });
    const [email] = await bed.t.emailsTo("casey@example.test");
    expect(email?.textBody).toContain("Paid: $81.00 (cash). Thank you!");
    const audits = await bed.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "create_manual_reservation"), eq(auditLog.targetId, present(row).id)));
    expect(audits[0]?.details).toMatchObject({ after: { priceCents: 4050, method: "cash", desk: "paid" } });
  });

  it("an unpaid desk booking marked paid later records the payment with its method and a receipt", async () => {
    const created = (await (
      await book({
        startTime: "13:00",
        priceCents: 4500,
        paymentMethod: "unpaid",
        customerEmail: "later@example.test",
      })
    ).json()) as ManualReservationResponse;
    const r = present(created.reservations[0]);
    expect(r).toMatchObject({ manualPaymentStatus: "unpaid", paidCents: null, refundable: false });
    expect(await bed.t.emailsTo("later@example.test")).toHaveLength(1);

    const path = `/api/admin/reservations/${r.id}/payment-status`;
    const noMethod = await bed.admin.patch(path, { manualPaymentStatus: "paid" });
    expect(noMethod.status).toBe(400);
    expect((await errorOf(noMethod)).message).toBe("Choose how it was paid: cash or card at the desk");

    const paid = await bed.admin.patch(path, { manualPaymentStatus: "paid", paymentMethod: "desk_card" });
    expect(paid.status).toBe(200);
    expect(((await paid.json()) as ReservationResponse).reservation).toMatchObject({
      manualPaymentStatus: "paid",
      paymentMethod: "desk_card",
      paidCents: 4500,
    });
    const [row] = await bed.t.db.select().from(reservations).where(eq(reservations.id, r.id));
    expect(await paymentOf(present(row).paymentId)).toMatchObject({ method: "desk_card", amountCents: 4500 });
    const emails = await bed.t.emailsTo("later@example.test");
    expect(emails.map((e) => e.textBody).join("\n")).toContain("Paid: $45.00 (card at the desk). Thank you!");

    // Recorded money is refunded, not switched back to unpaid.
    const back = await bed.admin.patch(path, { manualPaymentStatus: "unpaid" });
    expect(back.status).toBe(409);
    expect((await errorOf(back)).message).toBe(
      "This booking's desk payment is recorded; refund it instead of marking the booking unpaid",
    );
  });

  it("refuses a negative, absurd or broken price and an unknown method, and books nothing", async () => {
    const count = async () => (await bed.t.db.select({ id: reservations.id }).from(reservations)).length;
    const before = await count();
    const price = "Enter a price from $0.00 to $10,000.00 in whole cents";
    for (const [overrides, message] of [
      [{ priceCents: -1, paymentMethod: "cash" }, price],
      [{ priceCents: 1_000_001, paymentMethod: "cash" }, price],
      [{ priceCents: 12.5, paymentMethod: "cash" }, price],
      [{ priceCents: "4500", paymentMethod: "cash" }, price],
      [
        { priceCents: 4500, paymentMethod: "bitcoin" },
        "Choose how it was paid: cash, card at the desk, or unpaid",
      ],
    ] as const) {
      const response = await book({ startTime: "15:00", ...overrides });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe(message);
    }
    expect(await count()).toBe(before);
    expect((await bed.t.db.select().from(payments).where(eq(payments.provider, "desk"))).length).toBe(2);
  });

  it("the revenue report counts each desk payment once, in the desk stream, net of refunds", async () => {
    const report = async () =>
      (await (await bed.admin.get("/api/admin/reports/revenue?from=2026-11-18&to=2026-11-23")).json()) as {
        totals: { desk: number; courts: number; totalCents: number };
      };
    // Both desk payments above were taken today (the test clock's 18 Nov): $81.00 and $45.00.
    expect(await report()).toMatchObject({ totals: { desk: 12600, courts: 0, totalCents: 12600 } });
  });

  it("without a price or method it is the spec's free, unpaid staff booking", async () => {
    const response = await book({ startTime: "16:00" });
    expect(response.status).toBe(201);
    const [r] = ((await response.json()) as ManualReservationResponse).reservations;
    expect(r).toMatchObject({
      priceCents: 0,
      manualPaymentStatus: "unpaid",
      paidCents: null,
      paymentMethod: null,
    });
  });
});
