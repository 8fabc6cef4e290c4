import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  errorOf,
  queryRows,
  type TestApp,
  type TestClient,
  testClock,
} from "../../../tests/integration/kits/harness";
import type { RevenueReport } from "../../contracts/reports";
import { addDaysToDate, venueInstant, venueToday } from "../../domain/venue-time";
import { courts, dartBays, holds, paymentRefunds, payments, reservations } from "../db/schema";

// Issue 33 item 3: the revenue report reconciles with the database to the cent, on random data.

const FROM = "2025-03-01";
const TO = "2025-03-31";
const NOW = new Date("2025-04-10T17:00:00Z");

const rand = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(xs: readonly T[]): T => xs[rand(xs.length)] as T;

describe("revenue report (issue 33 item 3)", () => {
  const clock = testClock(NOW);
  let t: TestApp;
  let manager: TestClient;
  let owner: TestClient;
  let frontDesk: TestClient;
  let courtId = 0;
  let bayId = 0;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    await t.seedFacilities();
    courtId = (await t.db.select({ id: courts.id }).from(courts).limit(1))[0]?.id ?? 0;
    bayId = (await t.db.select({ id: dartBays.id }).from(dartBays).limit(1))[0]?.id ?? 0;
    const m = await t.createAdmin({ staffRole: "manager" });
    manager = await t.signIn(m.email, m.password);
    const o = await t.createAdmin({ staffRole: "owner" });
    owner = await t.signIn(o.email, o.password);
    const f = await t.createAdmin({ staffRole: "front_desk" });
    frontDesk = await t.signIn(f.email, f.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** An instant somewhere from a week before the previous period to a week after the range. */
  const randomInstant = () => {
    const start = venueInstant("2025-01-20", "00:00").getTime();
    const end = venueInstant("2025-04-08", "00:00").getTime();
    // Some right at a venue midnight, so the day boundary is the venue's, not UTC's.
    if (Math.random() < 0.1) return venueInstant(addDaysToDate("2025-01-20", rand(78)), "00:00");
    return new Date(start + rand(end - start));
  };

  it("equals payments minus refunds plus desk bookings without a payment, per day and stream, to the cent", async () => {
    for (let i = 0; i < 180; i++) {
      const purpose = pick(["reservation", "reservation", "reschedule", "event_registration", "membership"]);
      const amountCents = rand(40_000);
      const refundedCents = pick([0, 0, amountCents, rand(amountCents + 1)]);
      let reference: string | null = randomUUID();
      if (purpose === "reservation" || purpose === "reschedule") {
        const [hold] = await t.db
          .insert(holds)
          .values({
            tokenHash: randomUUID(),
            status: "paid",
            expiresAt: NOW,
            subtotalCents: amountCents,
            totalCents: amountCents,
          })
          .returning({ id: holds.id });
        reference = hold?.id ?? null;
        const items = rand(4); // none sometimes: a hold whose rows are gone
        for (let k = 0; k < items; k++) {
          const isCourt = Math.random() < 0.6;
          await t.db.insert(reservations).values({
            date: "2025-03-15",
            startTime: "10:00",
            endTime: "11:00",
            duration: 60,
            facilityType: isCourt ? "court" : "dart_bay",
            courtId: isCourt ? courtId : null,
            dartBayId: isCourt ? null : bayId,
            priceCents: pick([0, rand(9000)]),
            status: "cancelled",
            paymentStatus: "paid",
            customerName: "Random",
            holdId: reference,
          });
        }
      }
      const [payment] = await t.db
        .insert(payments)
        .values({
          provider: "test",
          purpose,
          amountCents,
          refundedCents,
          state: pick(["completed", "completed", "refunded", "created", "expired", "failed"]),
          reference,
          createdAt: randomInstant(),
        })
        .returning({ id: payments.id });
      // Most refunds are in the ledger, on dates of their own (one or two rows); some, from before
      // the ledger, only in refunded_cents (they count on the payment's day).
      if (refundedCents > 0 && Math.random() < 0.8) {
        const first = Math.random() < 0.5 ? refundedCents : 1 + rand(refundedCents);
        const parts = first < refundedCents ? [first, refundedCents - first] : [first];
        for (const amount of parts.slice(0, Math.random() < 0.2 ? 1 : 2)) {
          await t.db.insert(paymentRefunds).values({
            paymentId: payment?.id ?? "",
            amountCents: amount,
            idempotencyKey: randomUUID(),
            createdAt: randomInstant(),
          });
        }
      }
    }
    // Desk payments: staff bookings marked paid (some unpaid), before, in and after the range.
    for (let i = 0; i < 40; i++) {
      const date = addDaysToDate("2025-01-26", Math.floor(i * 1.85)); // one a day, none overlapping
      const hour = String(6 + (i % 16)).padStart(2, "0");
      await t.db.insert(reservations).values({
        date,
        startTime: `${hour}:00`,
        endTime: `${hour}:30`,
        duration: 30,
        facilityType: "court",
        courtId,
        priceCents: rand(6000),
        status: "confirmed",
        paymentStatus: "pending",
        manualPaymentStatus: pick(["paid", "paid", "unpaid"]),
        isAdminCreated: true,
        customerName: `Desk ${i}`,
      });
    }

    // Money taken at the desk as a payment (purpose "desk"), its booking pointing to it: counted
    // once, as the payment, never again at the booking's price.
    for (let i = 0; i < 12; i++) {
      const amountCents = 500 + rand(9000);
      const [desk] = await t.db
        .insert(payments)
        .values({
          provider: "test",
          purpose: "desk",
          amountCents,
          refundedCents: pick([0, 0, rand(amountCents + 1)]),
          state: "completed",
          createdAt: randomInstant(),
        })
        .returning({ id: payments.id });
      await t.db.insert(reservations).values({
        date: addDaysToDate("2025-01-27", Math.floor(i * 6.1)),
        startTime: "22:00",
        endTime: "23:00",
        duration: 60,
        facilityType: "court",
        courtId,
        priceCents: amountCents,
        status: "confirmed",
        paymentStatus: "paid",
        manualPaymentStatus: "paid",
        isAdminCreated: true,
        customerName: `Desk paid ${i}`,
        paymentId: desk?.id,
      });
    }

    // What the database holds, read plainly and added up per venue day here.
    const load = async () => ({
      paid: await t.db
        .select()
        .from(payments)
        .where(inArray(payments.state, ["completed", "refunded"])),
      ledger: await t.db.select().from(paymentRefunds),
      desk: await t.db
        .select()
        .from(reservations)
        .where(
          and(
            eq(reservations.isAdminCreated, true),
            eq(reservations.manualPaymentStatus, "paid"),
            eq(reservations.status, "confirmed"),
          ),
        ),
    });
    let { paid, ledger, desk } = await load();
    /** Each payment's and each refund's cents on its own venue day, with the payment's purpose. */
    const moves = () => {
      const byId = new Map(paid.map((p) => [p.id, p]));
      const out: Array<{ day: string; purpose: string; cents: number }> = [];
      for (const p of paid) {
        const ledgered = ledger.filter((f) => f.paymentId === p.id).reduce((a, f) => a + f.amountCents, 0);
        out.push({
          day: venueToday(p.createdAt),
          purpose: p.purpose,
          cents: p.amountCents - p.refundedCents + ledgered,
        });
      }
      for (const f of ledger) {
        const p = byId.get(f.paymentId);
        if (p) out.push({ day: venueToday(f.createdAt), purpose: p.purpose, cents: -f.amountCents });
      }
      for (const r of desk) if (!r.paymentId) out.push({ day: r.date, purpose: "desk", cents: r.priceCents });
      return out;
    };
    const expected = (from: string, to: string) => {
      const byDay = new Map<string, number>();
      for (const m of moves())
        if (m.day >= from && m.day <= to) byDay.set(m.day, (byDay.get(m.day) ?? 0) + m.cents);
      return byDay;
    };
    const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    const purposeNet = (purposes: string[]) =>
      moves()
        .filter((m) => purposes.includes(m.purpose) && m.day >= FROM && m.day <= TO)
        .reduce((a, m) => a + m.cents, 0);
    const check = (report: RevenueReport) => {
      expect(report.previousRange).toEqual({ from: "2025-01-29", to: "2025-02-28" });
      expect(report.days).toHaveLength(31);
      const inRange = expected(FROM, TO);
      for (const day of report.days) {
        expect(day.totalCents, day.date).toBe(inRange.get(day.date) ?? 0);
        expect(day.courts + day.dartBays + day.events + day.memberships + day.desk).toBe(day.totalCents);
      }
      expect(report.totals.totalCents).toBe(sum(inRange));
      expect(report.previousTotals.totalCents).toBe(sum(expected("2025-01-29", "2025-02-28")));
      // The streams by purpose, over the range.
      expect(report.totals.events).toBe(purposeNet(["event_registration"]));
      expect(report.totals.memberships).toBe(purposeNet(["membership"]));
      expect(report.totals.courts + report.totals.dartBays).toBe(purposeNet(["reservation", "reschedule"]));
      expect(report.totals.desk).toBe(purposeNet(["desk"]));
      expect(report.totals.totalCents).toBeGreaterThan(0);
    };
    const read = async () => {
      const response = await manager.get(`/api/admin/reports/revenue?from=${FROM}&to=${TO}`);
      expect(response.status).toBe(200);
      return (await response.json()) as RevenueReport;
    };

    // These days are long closed (by the database's clock): the first report computes and stores
    // them (report_revenue_days), the second reads them back; both equal the tables.
    const computed = await read();
    check(computed);
    const [stored] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from report_revenue_days where day >= ${FROM}::date and day <= ${TO}::date`,
    );
    expect(stored?.n).toBe(31);
    const fromStore = await read();
    expect(fromStore).toEqual(computed);

    // A change to a closed day (a refund given today of a payment of that day, a desk booking's
    // price corrected, a payment added in the past) is in the next report: the day was forgotten.
    const target = paid.find((p) => p.state === "completed" && p.amountCents > p.refundedCents + 100);
    if (!target) throw new Error("no payment with money left to refund");
    await t.db.transaction(async (tx) => {
      await tx
        .update(payments)
        .set({ refundedCents: target.refundedCents + 100 })
        .where(eq(payments.id, target.id));
      await tx.insert(paymentRefunds).values({
        paymentId: target.id,
        amountCents: 100,
        idempotencyKey: randomUUID(),
        createdAt: venueInstant("2025-03-20", "12:00"),
      });
    });
    await t.db.insert(payments).values({
      provider: "test",
      purpose: "membership",
      amountCents: 4321,
      state: "completed",
      createdAt: venueInstant("2025-03-05", "15:00"),
    });
    const [deskBooking] = desk.filter((r) => !r.paymentId && r.date >= FROM && r.date <= TO);
    if (deskBooking)
      await t.db
        .update(reservations)
        .set({ priceCents: deskBooking.priceCents + 250 })
        .where(eq(reservations.id, deskBooking.id));
    ({ paid, ledger, desk } = await load());
    check(await read());
  });

  it("splits a booking's payment between courts and dart bays by the hold's prices", async () => {
    const [hold] = await t.db
      .insert(holds)
      .values({
        tokenHash: randomUUID(),
        status: "paid",
        expiresAt: NOW,
        subtotalCents: 3000,
        totalCents: 2001,
      })
      .returning({ id: holds.id });
    const base = {
      date: "2025-05-02",
      startTime: "10:00",
      endTime: "11:00",
      duration: 60,
      status: "cancelled",
      paymentStatus: "paid",
      customerName: "Split",
      holdId: hold?.id,
    };
    await t.db.insert(reservations).values([
      { ...base, facilityType: "court", courtId, priceCents: 2000 },
      { ...base, facilityType: "dart_bay", dartBayId: bayId, priceCents: 1000 },
    ]);
    await t.db.insert(payments).values({
      provider: "test",
      purpose: "reservation",
      amountCents: 2001,
      refundedCents: 0,
      state: "completed",
      reference: hold?.id,
      createdAt: venueInstant("2025-05-02", "09:00"),
    });
    const report = (await (
      await owner.get("/api/admin/reports/revenue?from=2025-05-02&to=2025-05-02")
    ).json()) as RevenueReport;
    expect(report.totals).toMatchObject({ courts: 1334, dartBays: 667, totalCents: 2001 });
  });

  it("counts a refund on the refund's own date, in its payment's stream (decision 035)", async () => {
    const [payment] = await t.db
      .insert(payments)
      .values({
        provider: "test",
        purpose: "event_registration",
        amountCents: 5000,
        refundedCents: 1500,
        state: "completed",
        createdAt: venueInstant("2025-06-03", "18:00"),
      })
      .returning({ id: payments.id });
    await t.db.insert(paymentRefunds).values({
      paymentId: payment?.id ?? "",
      amountCents: 1500,
      idempotencyKey: randomUUID(),
      createdAt: venueInstant("2025-06-09", "10:00"),
    });
    const report = (await (
      await owner.get("/api/admin/reports/revenue?from=2025-06-01&to=2025-06-10")
    ).json()) as RevenueReport;
    const day = (date: string) => report.days.find((d) => d.date === date);
    expect(day("2025-06-03")).toMatchObject({ events: 5000, totalCents: 5000 });
    expect(day("2025-06-09")).toMatchObject({ events: -1500, totalCents: -1500 });
    expect(report.totals).toMatchObject({ events: 3500, totalCents: 3500 });
    // A range that holds the payment's day only counts it whole; the refund's alone, the refund.
    const before = (await (
      await owner.get("/api/admin/reports/revenue?from=2025-06-03&to=2025-06-03")
    ).json()) as RevenueReport;
    expect(before.totals.totalCents).toBe(5000);
  });

  it("defaults to the last 30 days of the venue's calendar", async () => {
    const report = (await (await manager.get("/api/admin/reports/revenue")).json()) as RevenueReport;
    expect(report.range).toEqual({ from: "2025-03-12", to: "2025-04-10" });
  });

  it("refuses a long range, an end before the start and an unknown report; the front desk gets 403", async () => {
    const long = await manager.get("/api/admin/reports/revenue?from=2022-01-01&to=2025-01-01");
    expect(long.status).toBe(400);
    expect(await errorOf(long)).toMatchObject({ message: "A range can cover at most 3 years.", field: "to" });
    const backwards = await manager.get("/api/admin/reports/revenue?from=2025-03-02&to=2025-03-01");
    expect(backwards.status).toBe(400);
    expect(await errorOf(backwards)).toMatchObject({
      message: "The end date must be on or after the start date.",
    });
    const unknown = await manager.get("/api/admin/reports/profit");
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).message).toBe(
      'There is no report called "profit". Reports: revenue, utilisation, bookings, members, coupons, events, customers.',
    );
    expect((await frontDesk.get("/api/admin/reports/revenue")).status).toBe(403);
  });
});
