import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminTestbed,
  adminTestbed,
  insertReservation,
  MANAGER_PASSWORD,
  paidOnlineReservation,
} from "../../../tests/integration/kits/admin-test-kit";
import { errorOf } from "../../../tests/integration/kits/harness";
import type { ReservationResponse } from "../../contracts/admin";
import type { AuditLogResponse } from "../../contracts/admin-audit";
import { auditLog, payments, reservations } from "../db/schema";
import { present } from "../lib/present";
import type { RefundInput } from "../payment-provider";

let bed: AdminTestbed;
const refunds: RefundInput[] = [];

beforeAll(async () => {
  bed = await adminTestbed();
  // Count what reaches the provider, then let the real test provider answer.
  const provider = present(bed.t.deps.payments);
  const refund = provider.refund.bind(provider);
  provider.refund = async (input) => {
    refunds.push(input);
    await new Promise((resolve) => setTimeout(resolve, 20));
    return refund(input);
  };
});
afterAll(() => bed?.t.close());

const refund = (id: string, managerPassword = MANAGER_PASSWORD) =>
  bed.admin.post(`/api/admin/reservations/${id}/refund`, { managerPassword });

describe("refund a reservation (SPEC §4 Refund, §7 refund_reservation)", () => {
  it("refunds a paid online booking through the provider, cancels it and frees the court", async () => {
    const row = await paidOnlineReservation(bed.t, { startTime: "17:00" });
    const view = await (await bed.admin.get("/api/admin/day?date=2026-11-23&facilityType=court")).json();
    expect(view.reservations.find((r: { id: string }) => r.id === row.id)?.refundable).toBe(true);

    const response = await refund(row.id);
    expect(response.status).toBe(200);
    expect(((await response.json()) as ReservationResponse).reservation).toMatchObject({
      status: "cancelled",
      isRefunded: true,
      refundable: false,
    });
    expect(refunds.filter((r) => r.idempotencyKey === `refund-reservation-${row.id}`)).toEqual([
      expect.objectContaining({ amountCents: 6750 }),
    ]);
    const [payment] = await bed.t.db
      .select()
      .from(payments)
      .where(eq(payments.id, present(row.paymentId)));
    expect(payment).toMatchObject({ state: "refunded", refundedCents: 6750 });
    expect(payment?.providerRefundId).toMatch(/^re_test_/);
    // The court is free again.
    const rebook = await bed.admin.post("/api/admin/reservations", {
      facilityType: "court",
      date: "2026-11-23",
      customerName: "Next",
      startTime: "17:00",
      duration: 60,
      facilityIds: [row.courtId],
    });
    expect(rebook.status).toBe(201);
  });

  it("two refunds at once refund once; the second is told it is already refunded", async () => {
    const row = await paidOnlineReservation(bed.t, { startTime: "19:00", duration: 60 });
    const before = refunds.length;
    const answers = await Promise.all([refund(row.id), refund(row.id)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const second = present(answers.find((r) => r.status === 409));
    expect((await errorOf(second)).message).toBe("This reservation has already been refunded");
    expect(refunds.length - before).toBe(1);
    const again = await refund(row.id);
    expect(again.status).toBe(409);
    expect(refunds.length - before).toBe(1);
    const [payment] = await bed.t.db
      .select()
      .from(payments)
      .where(eq(payments.id, present(row.paymentId)));
    expect(payment?.refundedCents).toBe(4500);
  });

  it("a wrong manager password is a 403 with the spec's words and refunds nothing", async () => {
    const row = await paidOnlineReservation(bed.t, { startTime: "12:00", duration: 60, date: "2026-11-24" });
    const response = await refund(row.id, "not-it");
    expect(response.status).toBe(403);
    expect((await errorOf(response)).message).toBe("Incorrect manager password or unauthorized");
    const [still] = await bed.t.db.select().from(reservations).where(eq(reservations.id, row.id));
    expect(still).toMatchObject({ status: "confirmed", isRefunded: false });
  });

  it("refuses what is not refundable: pending, cancelled, or without a payment", async () => {
    const unpaid = await insertReservation(bed.t, { date: "2026-11-25", courtId: 1, paymentId: null });
    const pending = await insertReservation(bed.t, {
      date: "2026-11-25",
      courtId: 2,
      status: "pending",
      paymentId: "x",
    });
    for (const row of [unpaid, pending]) {
      const response = await refund(row.id);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe("This reservation cannot be refunded");
    }
  });

  it("seeded demo payments (no provider payment) are refunded on the record with the test provider", async () => {
    const row = await insertReservation(bed.t, {
      date: "2026-11-26",
      courtId: 3,
      paymentId: "demo_payment_7",
    });
    const before = refunds.length;
    const response = await refund(row.id);
    expect(response.status).toBe(200);
    expect(refunds.length).toBe(before);
    const [still] = await bed.t.db.select().from(reservations).where(eq(reservations.id, row.id));
    expect(still).toMatchObject({ status: "cancelled", isRefunded: true });
  });

  it("every use is in the audit log with the admin, the target, the time and the outcome", async () => {
    const rows = await bed.t.db.select().from(auditLog).where(eq(auditLog.action, "refund_reservation"));
    expect(rows.filter((r) => r.outcome === "success")).toHaveLength(3);
    expect(rows.filter((r) => r.outcome === "denied")).toHaveLength(1);
    expect(rows.filter((r) => r.outcome === "error").length).toBeGreaterThanOrEqual(3);
    for (const r of rows) {
      expect(r.actorUserId).toBe(bed.adminId);
      expect(r.targetType).toBe("reservation");
      expect(r.targetId).toBeTruthy();
    }
    const view = (await (
      await bed.admin.get("/api/admin/audit-log?outcome=denied")
    ).json()) as AuditLogResponse;
    expect(view.entries[0]).toMatchObject({
      action: "refund_reservation",
      outcome: "denied",
      reason: "Incorrect manager password",
      actorName: "Dana Admin",
    });
    expect(view.entries[0]?.targetLabel).toContain("Jordan Park");
  });
});
