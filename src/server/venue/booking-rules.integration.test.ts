import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type AdminTestbed, adminTestbed } from "../../../tests/integration/kits/admin-test-kit";
import { createHoldOk, holdBody, item, MONDAY, NOW } from "../../../tests/integration/kits/booking-test-kit";
import { errorOf } from "../../../tests/integration/kits/harness";
import type { BookingContext } from "../../contracts/booking";
import type { BookingRulesResponse } from "../../contracts/booking-rules";
import type { FreeSlotsResponse, MembershipBenefitsResponse } from "../../contracts/membership";
import { type BookingRules, DEFAULT_BOOKING_RULES } from "../../domain/booking-rules";
import { auditLog } from "../db/schema";

// Issue 32 item 2: horizons, the hold time and the member perks are settings with the spec's
// defaults, validated, audited, and followed at once by the booking screen and the server's checks.

let bed: AdminTestbed;

beforeAll(async () => {
  bed = await adminTestbed();
});
afterAll(() => bed?.t.close());

const save = (rules: BookingRules) => bed.admin.put("/api/admin/booking-rules", rules);
const rules = (overrides: Partial<BookingRules>) => ({ ...DEFAULT_BOOKING_RULES, ...overrides });

beforeEach(async () => {
  expect((await save(DEFAULT_BOOKING_RULES)).status).toBe(200);
});

describe("booking rules", () => {
  it("are seeded with the spec's values, and the benefits read as the spec lists them", async () => {
    const response = await bed.admin.get("/api/admin/booking-rules");
    expect(((await response.json()) as BookingRulesResponse).rules).toEqual(DEFAULT_BOOKING_RULES);
    const benefits = (await (
      await bed.t.client().get("/api/membership/benefits")
    ).json()) as MembershipBenefitsResponse;
    expect(benefits.benefits.slice(0, 3)).toEqual([
      "2 free 2-hour court reservations per week (Monday–Thursday 8am–5pm, Friday 8am–3pm)",
      "Priority booking 14 days ahead",
      "$5 off per court per hour",
    ]);
  });

  it("a shorter guest horizon is in force at once: the screen's window and the server's refusal", async () => {
    expect((await save(rules({ guestHorizonDays: 3, memberHorizonDays: 21 }))).status).toBe(200);
    const context = (await (await bed.t.client().get("/api/booking/context")).json()) as BookingContext;
    expect(context.horizonDays).toBe(3);
    expect(context.maxDate).toBe("2026-11-21");
    // NOW is Wednesday 18 November: Monday 23 is five days ahead.
    const refused = await bed.t
      .client()
      .get(`/api/booking/availability?facilityType=court&date=${MONDAY}&duration=60`);
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).message).toBe("You can only book up to 3 days in advance");
    const hold = await bed.t.client().post("/api/booking/holds", holdBody());
    expect(hold.status).toBe(400);
    const benefits = (await (
      await bed.t.client().get("/api/membership/benefits")
    ).json()) as MembershipBenefitsResponse;
    expect(benefits.benefits[1]).toBe("Priority booking 21 days ahead");

    const [entry] = await bed.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "update_booking_rules"), eq(auditLog.actorUserId, bed.adminId)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.details).toMatchObject({
      before: { guestHorizonDays: 10, memberHorizonDays: 14 },
      after: { guestHorizonDays: 3, memberHorizonDays: 21 },
    });
  });

  it("a new hold lasts the venue's hold time", async () => {
    expect((await save(rules({ holdMinutes: 25 }))).status).toBe(200);
    const hold = await createHoldOk(
      bed.t.client(),
      holdBody({ items: [item({ startTime: "10:00", duration: 60 })] }),
    );
    expect(new Date(hold.expiresAt).getTime() - NOW.getTime()).toBe(25 * 60_000);
    const context = (await (await bed.t.client().get("/api/booking/context")).json()) as BookingContext;
    expect(context.holdMinutes).toBe(25);
  });

  it("member perks follow the settings: the count, the length and the windows", async () => {
    const perks = rules({
      freeBookingsPerWeek: 1,
      freeBookingMinutes: 90,
      freeWindows: { 1: { from: "10:00", to: "12:00" } },
    });
    expect((await save(perks)).status).toBe(200);
    const member = await bed.t.createMember();
    const browser = await bed.t.signIn(member.email, member.password);
    const free = (await (
      await browser.get(`/api/membership/free-reservations?date=${MONDAY}`)
    ).json()) as FreeSlotsResponse;
    expect(free.slots.map((s) => s.startTime)).toEqual(["10:00", "10:30"]);
    expect(free.allowance).toMatchObject({ limit: 1, remaining: 1 });
    expect(free.rules).toEqual([
      "1 free 90-minute court reservation per week (weeks run Monday to Sunday)",
      "Monday between 10am and 12pm",
      "Book up to 14 days ahead",
    ]);
    const booked = await browser.post("/api/membership/free-reservations", {
      date: MONDAY,
      startTime: "10:30",
    });
    expect(booked.status).toBe(201);
    expect(await booked.json()).toMatchObject({ reservation: { duration: 90 }, allowance: { remaining: 0 } });
    const again = await browser.post("/api/membership/free-reservations", {
      date: MONDAY,
      startTime: "10:00",
    });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe("You have already used your free reservations for this week");
    const tuesday = await browser.post("/api/membership/free-reservations", {
      date: "2026-11-24",
      startTime: "10:00",
    });
    expect(tuesday.status).toBe(400);
  });

  it.each([
    [{ guestHorizonDays: 0 }, "Guests can book from 1 to 365 days ahead"],
    [{ memberHorizonDays: 366 }, "Members can book from 1 to 365 days ahead"],
    [{ holdMinutes: 2 }, "The payment hold lasts from 5 to 60 minutes"],
  ])("refuses %j with a clear message and changes nothing", async (overrides, message) => {
    const response = await save(rules(overrides));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(message);
    const after = await bed.admin.get("/api/admin/booking-rules");
    expect(((await after.json()) as BookingRulesResponse).rules).toEqual(DEFAULT_BOOKING_RULES);
  });
});
