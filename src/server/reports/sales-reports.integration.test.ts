import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertEvent } from "../../../tests/integration/kits/actors";
import { createTestApp, type TestApp, type TestClient } from "../../../tests/integration/kits/harness";
import type { CouponsReport, CustomersReport, EventsReport, MembersReport } from "../../contracts/reports";
import { venueInstant } from "../../domain/venue-time";
import { eventRegistrations, membershipPlans, payments, users } from "../db/schema";

// Issue 33 item 3: members, coupons, event fill rates and top customers from what the database holds.

const RANGE = "from=2025-06-01&to=2025-06-30";
const inRange = venueInstant("2025-06-10", "12:00");
const before = venueInstant("2025-05-20", "12:00");

describe("members, coupons, events and customers reports (issue 33 item 3)", () => {
  let t: TestApp;
  let manager: TestClient;

  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date("2025-07-01T17:00:00Z") });
    await t.seedFacilities();
    const m = await t.createAdmin({ staffRole: "manager" });
    manager = await t.signIn(m.email, m.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async <T>(report: string) => {
    const response = await manager.get(`/api/admin/reports/${report}?${RANGE}`);
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };
  const paid = (over: Partial<typeof payments.$inferInsert>) => ({
    provider: "test",
    purpose: "reservation",
    amountCents: 1000,
    state: "completed",
    createdAt: inRange,
    ...over,
  });
  const checkout = (email: string, couponCode: string | null, discountCents: number) => ({
    mode: "payment" as const,
    lineItems: [],
    discountCents,
    couponCode,
    customerEmail: email,
    metadata: {},
    recurring: null,
    successPath: "/",
    cancelPath: "/",
    backPath: "/",
  });

  it("members: active, frozen, MRR of paying members, signups and endings by period", async () => {
    const plans = await t.db.select().from(membershipPlans);
    const price = (id: string) => plans.find((p) => p.id === id)?.priceCents ?? 0;
    await t.createMember({ membershipPlan: "monthly" });
    await t.createMember({ membershipPlan: "annual" });
    const comped = await t.createMember({ membershipPlan: "monthly" });
    await t.db
      .update(users)
      .set({ compEndsAt: new Date("2025-12-01T00:00:00Z") })
      .where(eq(users.id, comped.id));
    await t.createMember({ isFrozen: true });
    const leaving = await t.createMember({ membershipPlan: "annual" });
    await t.db
      .update(users)
      .set({ cancelAt: venueInstant("2025-06-20", "00:00") })
      .where(eq(users.id, leaving.id));
    await t.db
      .insert(payments)
      .values([
        paid({ purpose: "membership", amountCents: 7900 }),
        paid({ purpose: "membership", amountCents: 7900, createdAt: before }),
        paid({ purpose: "membership", amountCents: 7900, state: "expired" }),
      ]);
    const r = await get<MembersReport>("members");
    expect(r).toMatchObject({ active: 4, frozen: 1, newMembers: 1, previousNewMembers: 1, cancelled: 1 });
    // Paying: one monthly and two annual (one of them ending later, still paid until then).
    expect(r.mrrCents).toBe(price("monthly") + 2 * Math.round(price("annual") / 12));
  });

  it("coupons and top customers: what the checkouts recorded, net of refunds", async () => {
    await t.db
      .insert(payments)
      .values([
        paid({ amountCents: 4000, checkout: checkout("a@example.test", "SUMMER", 1000) }),
        paid({ amountCents: 3000, refundedCents: 3000, checkout: checkout("A@example.test", "summer", 500) }),
        paid({ amountCents: 9000, checkout: checkout("b@example.test", null, 0) }),
        paid({ amountCents: 2000, checkout: checkout("c@example.test", "WELCOME", 250), createdAt: before }),
      ]);
    const coupons = await get<CouponsReport>("coupons");
    expect(coupons.coupons).toEqual([{ code: "SUMMER", uses: 2, discountCents: 1500 }]);
    expect(coupons.previous).toEqual({ uses: 1, discountCents: 250 });
    const customers = await get<CustomersReport>("customers");
    expect(customers.customers).toEqual([
      { email: "b@example.test", payments: 1, netCents: 9000 },
      { email: "a@example.test", payments: 2, netCents: 4000 },
    ]);
  });

  it("events: confirmed registrations over places, per event and the period before", async () => {
    const june = await insertEvent(t, { date: "2025-06-15", maxParticipants: 4, name: "June Social" });
    const may = await insertEvent(t, { date: "2025-05-15", maxParticipants: 10 });
    const registration = (eventId: string, status: string) => ({
      eventId,
      customerName: "Player",
      customerEmail: "player@example.test",
      status,
    });
    await t.db
      .insert(eventRegistrations)
      .values([
        registration(june.id, "confirmed"),
        registration(june.id, "confirmed"),
        registration(june.id, "cancelled"),
        registration(june.id, "pending"),
        registration(may.id, "confirmed"),
      ]);
    const r = await get<EventsReport>("events");
    expect(r.events).toEqual([
      { id: june.id, name: "June Social", date: "2025-06-15", registered: 2, maxParticipants: 4 },
    ]);
    expect(r.previous).toEqual({ registered: 1, places: 10 });
  });
});
