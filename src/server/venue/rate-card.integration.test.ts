import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type AdminTestbed, adminTestbed } from "../../../tests/integration/kits/admin-test-kit";
import {
  checkoutOk,
  createHoldOk,
  holdBody,
  item,
  MONDAY,
} from "../../../tests/integration/kits/booking-test-kit";
import { errorOf } from "../../../tests/integration/kits/harness";
import type { AvailabilityResponse } from "../../contracts/booking";
import type { PriceGridResponse, RateCardResponse } from "../../contracts/rate-card";
import { DEFAULT_RATE_CARD, type RateCard } from "../../domain/rate-card";
import { CHANNELS, notify } from "../db/notify-bus";
import { auditLog, payments, rateCards, reservations } from "../db/schema";

// Issue 32 item 1: the rate card is data — seeded with the spec's tables, edited by staff, validated,
// audited, in force at once for new holds while a hold already made keeps its price.

let bed: AdminTestbed;

beforeAll(async () => {
  bed = await adminTestbed();
});
afterAll(() => bed?.t.close());

/** The spec's card with the weekday evening (from 17:00) at these cents per hour. */
function eveningAt(member: number, nonMember: number): RateCard {
  const [day, evening] = DEFAULT_RATE_CARD.court.weekday;
  if (!day || !evening) throw new Error("the default card has two weekday bands");
  return {
    ...DEFAULT_RATE_CARD,
    court: {
      ...DEFAULT_RATE_CARD.court,
      weekday: [day, { ...evening, memberCentsPerHour: member, nonMemberCentsPerHour: nonMember }],
    },
  };
}

/** The spec's card with two weekday bands at the spec's prices, [from, to] each. */
function weekdayBands(day: [string, string], evening: [string, string]): RateCard {
  const band = ([from, to]: [string, string], member: number, nonMember: number) => ({
    from,
    to,
    memberCentsPerHour: member,
    nonMemberCentsPerHour: nonMember,
  });
  return {
    ...DEFAULT_RATE_CARD,
    court: { ...DEFAULT_RATE_CARD.court, weekday: [band(day, 2000, 2500), band(evening, 4000, 4500)] },
  };
}

async function save(card: RateCard) {
  return bed.admin.put("/api/admin/rate-card", card);
}

async function slotPrice(date: string, start: string, duration: number) {
  const response = await bed.t
    .client()
    .get(`/api/booking/availability?facilityType=court&date=${date}&duration=${duration}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as AvailabilityResponse;
  return body.slots.find((s) => s.startTime === start)?.priceCents;
}

beforeEach(async () => {
  expect((await save(DEFAULT_RATE_CARD)).status).toBe(200);
});

describe("the rate card", () => {
  it("is seeded with the spec's §9 tables, exactly the default card", async () => {
    const rows = await bed.t.db.select().from(rateCards);
    expect(Object.fromEntries(rows.map((r) => [r.facilityType, r.rates]))).toEqual(DEFAULT_RATE_CARD);
    const response = await bed.admin.get("/api/admin/rate-card");
    expect(((await response.json()) as RateCardResponse).card).toEqual(DEFAULT_RATE_CARD);
  });

  it("a saved change prices availability, quotes and new holds at once, audited with before and after", async () => {
    expect(await slotPrice(MONDAY, "18:00", 60)).toBe(4500);
    const response = await save(eveningAt(5000, 6000));
    expect(response.status).toBe(200);
    expect(await slotPrice(MONDAY, "18:00", 60)).toBe(6000);
    // Prorated across 17:00: 30 minutes at $25 and 30 at $60.
    expect(await slotPrice(MONDAY, "16:30", 60)).toBe(4250);
    const quote = await bed.t
      .client()
      .post("/api/booking/quote", { items: [item({ startTime: "18:00", duration: 60 })] });
    expect(await quote.json()).toMatchObject({ totalCents: 6000 });
    const hold = await createHoldOk(
      bed.t.client(),
      holdBody({ items: [item({ startTime: "18:00", duration: 60 })] }),
    );
    expect(hold.totalCents).toBe(6000);

    const [entry] = await bed.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "update_rate_card"), eq(auditLog.actorUserId, bed.adminId)))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    const details = entry?.details as { before: RateCard; after: RateCard };
    expect(details.before.court.weekday[1]?.nonMemberCentsPerHour).toBe(4500);
    expect(details.after.court.weekday[1]?.nonMemberCentsPerHour).toBe(6000);
  });

  it("a hold made before a price change is paid at its own price; the next hold at the new one", async () => {
    const client = bed.t.client();
    const hold = await createHoldOk(
      client,
      holdBody({ items: [item({ startTime: "19:00", duration: 90 })] }),
    );
    expect(hold.totalCents).toBe(6750);
    expect((await save(eveningAt(8000, 9000))).status).toBe(200);

    const checkout = await checkoutOk(client, hold);
    const paid = await client.request(`${checkout.url}/pay`, { method: "POST" });
    expect(paid.status).toBe(303);
    const [row] = await bed.t.db.select().from(reservations).where(eq(reservations.holdId, hold.holdId));
    expect(row).toMatchObject({ status: "confirmed", priceCents: 6750 });
    const [payment] = await bed.t.db.select().from(payments).where(eq(payments.reference, hold.holdId));
    expect(payment).toMatchObject({ state: "completed", amountCents: 6750 });

    const next = await createHoldOk(
      bed.t.client(),
      holdBody({ items: [item({ startTime: "19:00", duration: 90 })] }),
    );
    expect(next.totalCents).toBe(13500);
  });

  it("offers the card's durations: one taken away is refused, one added is priced", async () => {
    const card: RateCard = {
      ...DEFAULT_RATE_CARD,
      court: { ...DEFAULT_RATE_CARD.court, durations: [60, 90, 120, 240], weekdayWholeBandBefore: {} },
    };
    expect((await save(card)).status).toBe(200);
    const context = await (await bed.t.client().get("/api/booking/context")).json();
    expect(context.durations.court).toEqual([60, 90, 120, 240]);
    expect(await slotPrice(MONDAY, "15:00", 240)).toBe(2 * 2500 + 2 * 4500);
    const refused = await bed.t
      .client()
      .get(`/api/booking/availability?facilityType=court&date=${MONDAY}&duration=180`);
    expect(refused.status).toBe(400);
  });

  it.each([
    [
      "overlapping bands",
      weekdayBands(["00:00", "18:00"], ["17:00", "24:00"]),
      "Court weekday prices: the bands 12:00 AM–6:00 PM and 5:00 PM–12:00 AM overlap",
    ],
    [
      "a gap inside opening hours",
      weekdayBands(["00:00", "12:00"], ["13:00", "24:00"]),
      "Court weekday prices: no price from 12:00 PM to 1:00 PM, when the venue is open on Monday",
    ],
    [
      "a negative price",
      eveningAt(-100, 4500),
      "Court weekday prices: prices must be between $0 and $10,000 an hour",
    ],
    [
      "over $10,000",
      eveningAt(4000, 1_000_001),
      "Court weekday prices: prices must be between $0 and $10,000 an hour",
    ],
  ])("refuses %s with a clear message and changes nothing", async (_, card, message) => {
    const audits = await bed.t.db.select().from(auditLog).where(eq(auditLog.action, "update_rate_card"));
    const response = await save(card);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(message);
    const after = await bed.t.db.select().from(auditLog).where(eq(auditLog.action, "update_rate_card"));
    expect(after).toHaveLength(audits.length);
    expect(await slotPrice(MONDAY, "18:00", 60)).toBe(4500);
  });

  it("previews a day's grid under the current card and a draft, with the draft's problems", async () => {
    const response = await bed.admin.post("/api/admin/rate-card/preview", {
      card: eveningAt(5000, 6000),
      facilityType: "court",
      date: MONDAY,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as PriceGridResponse;
    expect(body.open).toBe(true);
    expect(body.problems).toEqual([]);
    const row = (grid: PriceGridResponse["current"], start: string) =>
      grid.rows.find((r) => r.startTime === start);
    expect(body.current.durations).toEqual([60, 90, 120, 150, 180]);
    expect(row(body.current, "18:00")?.cells[0]).toEqual({
      memberPriceCents: 4000,
      nonMemberPriceCents: 4500,
    });
    expect(row(body.proposed, "18:00")?.cells[0]).toEqual({
      memberPriceCents: 5000,
      nonMemberPriceCents: 6000,
    });
    // Monday closes at 21:00: 180 minutes from 18:30 would run past it.
    expect(row(body.current, "18:30")?.cells[4]).toBeNull();
    expect(body.current.rows[0]?.startTime).toBe("09:00");

    const bad = await bed.admin.post("/api/admin/rate-card/preview", {
      card: eveningAt(-1, 6000),
      facilityType: "court",
      date: MONDAY,
    });
    expect(((await bad.json()) as PriceGridResponse).problems).toEqual([
      "Court weekday prices: prices must be between $0 and $10,000 an hour",
    ]);
  });

  it("another instance's change reaches this one through the schedule-change notification", async () => {
    expect(await slotPrice(MONDAY, "20:00", 60)).toBe(4500);
    // What another instance's save leaves behind: the row changed and the notification sent.
    await bed.t.db
      .update(rateCards)
      .set({ rates: eveningAt(4000, 7000).court })
      .where(eq(rateCards.facilityType, "court"));
    await notify(bed.t.db, CHANNELS.availability, "");
    await expect.poll(() => slotPrice(MONDAY, "20:00", 60)).toBe(7000);
  });
});
