import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type TestApp, testClock } from "../../../tests/integration/kits/harness";
import {
  FRIDAY,
  NEXT_MONDAY,
  NEXT_TUESDAY,
  NOW,
  SATURDAY,
  THURSDAY,
} from "../../../tests/integration/kits/membership-test-kit";
import type { TestClient } from "../../../tests/integration/kits/test-client";
import type { BookFreeReservationResponse, FreeSlotsResponse } from "../../contracts/membership";
import { reservations, users } from "../db/schema";
import { present } from "../lib/present";

const clock = testClock(NOW);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await t.seedFacilities();
});
afterAll(() => t?.close());

async function memberBrowser() {
  const member = await t.createMember();
  return { member, browser: await t.signIn(member.email, member.password) };
}

const freeSlots = async (browser: TestClient, date?: string) => {
  const response = await browser.get(`/api/membership/free-reservations${date ? `?date=${date}` : ""}`);
  expect(response.status).toBe(200);
  return (await response.json()) as FreeSlotsResponse;
};

const book = (browser: TestClient, date: string, startTime: string | null) =>
  browser.post("/api/membership/free-reservations", { date, startTime });

async function bookOk(browser: TestClient, date: string, startTime: string) {
  const response = await book(browser, date, startTime);
  if (response.status !== 201)
    throw new Error(`booking answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as BookFreeReservationResponse;
}

/** Every court taken on `date` from `start` to `end` by someone else. */
async function fillCourts(
  date: string,
  startTime: string,
  endTime: string,
  courtIds = [1, 2, 3, 4, 5, 6, 7, 8],
) {
  for (const courtId of courtIds) {
    await t.db.insert(reservations).values({
      date,
      facilityType: "court",
      courtId,
      duration: 120,
      startTime,
      endTime,
      status: "confirmed",
      paymentStatus: "paid",
      customerName: "Someone Else",
    });
  }
}

describe("who may book free court time", () => {
  it("a guest gets 401 and a signed-in non-member 403 'This page is for members only'", async () => {
    expect((await t.client().get("/api/membership/free-reservations")).status).toBe(401);
    expect((await book(t.client(), THURSDAY, "10:00")).status).toBe(401);
    const user = await t.createGuestUser();
    const browser = await t.signIn(user.email, user.password);
    for (const response of [
      await browser.get("/api/membership/free-reservations"),
      await book(browser, THURSDAY, "10:00"),
    ]) {
      expect(response.status).toBe(403);
      expect((await errorOf(response)).message).toBe("This page is for members only");
    }
    const [row] = await t.db.select().from(reservations).where(eq(reservations.userId, user.id));
    expect(row).toBeUndefined();
  });

  it("a member frozen after signing in is refused at once", async () => {
    const { member, browser } = await memberBrowser();
    await t.db.update(users).set({ isFrozen: true }).where(eq(users.id, member.id));
    expect((await book(browser, THURSDAY, "10:00")).status).toBe(401);
    expect((await browser.get("/api/membership/free-reservations")).status).toBe(401);
    expect((await browser.get("/api/me/reservations")).status).toBe(401);
  });
});

describe("the free times offered", () => {
  it("are 120-minute court slots from opening, before 15:30 Mon–Thu and 13:30 Fri, none at weekends", async () => {
    const { browser } = await memberBrowser();
    const thursday = await freeSlots(browser, THURSDAY);
    expect(thursday).toMatchObject({
      today: "2026-11-18",
      maxDate: "2026-12-02",
      date: THURSDAY,
      allowance: { weekStart: "2026-11-16", weekEnd: "2026-11-22", limit: 2, used: 0, remaining: 2 },
    });
    // The venue opens at 09:00 on weekdays, so the 08:00 rule never bites in the demo hours.
    expect(thursday.slots.map((s) => s.startTime)).toEqual([
      "09:00",
      "09:30",
      "10:00",
      "10:30",
      "11:00",
      "11:30",
      "12:00",
      "12:30",
      "13:00",
      "13:30",
      "14:00",
      "14:30",
      "15:00",
    ]);
    expect(thursday.slots[0]).toEqual({
      startTime: "09:00",
      endTime: "11:00",
      displayTime: "9:00 AM - 11:00 AM",
      availableCourts: 8,
    });
    expect((await freeSlots(browser, FRIDAY)).slots.at(-1)?.startTime).toBe("13:00");
    expect((await freeSlots(browser, SATURDAY)).slots).toEqual([]);
  });

  it("skip times already started today, and times with no court free", async () => {
    const { browser } = await memberBrowser();
    // 9:00 AM on Wednesday: 9:00 has started.
    expect((await freeSlots(browser)).slots[0]?.startTime).toBe("09:30");
    await fillCourts(NEXT_TUESDAY, "10:00", "12:00");
    const slots = (await freeSlots(browser, NEXT_TUESDAY)).slots.map((s) => s.startTime);
    expect(slots).not.toContain("10:00");
    expect(slots).not.toContain("11:30"); // overlaps 10:00–12:00
    expect(slots).toContain("12:00");
  });

  it("without a date, open on the first day with a free time (Saturday → Monday)", async () => {
    const { browser } = await memberBrowser();
    clock.set("2026-11-21T16:00:00Z"); // Saturday 10:00 AM
    try {
      const opened = await freeSlots(browser);
      expect(opened).toMatchObject({
        today: SATURDAY,
        date: NEXT_MONDAY,
        allowance: { weekStart: NEXT_MONDAY },
      });
      expect(opened.slots.length).toBeGreaterThan(0);
      expect((await freeSlots(browser, SATURDAY)).slots).toEqual([]);
    } finally {
      clock.set(NOW);
    }
  });

  it("refuse dates outside today … today + 14 with the spec's messages", async () => {
    const { browser } = await memberBrowser();
    for (const [date, message] of [
      ["2026-12-03", "You can only book up to 14 days in advance"],
      ["2026-11-17", "You cannot book for past days"],
    ]) {
      const listed = await browser.get(`/api/membership/free-reservations?date=${date}`);
      expect(listed.status).toBe(400);
      expect((await errorOf(listed)).message).toBe(message);
      const booked = await book(browser, present(date), "10:00");
      expect(booked.status).toBe(400);
      expect((await errorOf(booked)).message).toBe(message);
    }
  });
});

describe("booking a free reservation", () => {
  it("creates a confirmed, paid, price-0 court booking on the lowest free court and emails it with a calendar file", async () => {
    const { member, browser } = await memberBrowser();
    await fillCourts(THURSDAY, "10:00", "12:00", [1, 2]);
    const result = await bookOk(browser, THURSDAY, "10:00");
    expect(result.reservation).toMatchObject({
      date: THURSDAY,
      facilityType: "court",
      facilityName: "Court 3",
      startTime: "10:00",
      endTime: "12:00",
      displayTime: "10:00 AM - 12:00 PM",
      duration: 120,
      priceCents: 0,
      status: "confirmed",
      isFreeMemberBooking: true,
    });
    expect(result.allowance).toMatchObject({ used: 1, remaining: 1 });
    const [row] = await t.db.select().from(reservations).where(eq(reservations.id, result.reservation.id));
    expect(row).toMatchObject({
      courtId: 3,
      priceCents: 0,
      status: "confirmed",
      paymentStatus: "paid",
      manualPaymentStatus: "paid",
      isMember: true,
      isFreeMemberBooking: true,
      userId: member.id,
      customerEmail: member.email,
      customerName: `${member.firstName} ${member.lastName}`,
    });
    const [email] = await t.emailsTo(member.email);
    expect(email?.subject).toBe("Your free court reservation at Backspin Social is confirmed");
    expect(email?.textBody).toContain("Court 3 · Thu, Nov 19 · 10:00 AM - 12:00 PM (120 min)");
    const ics = Buffer.from(present(present(present(email).attachments)[0]).content, "base64").toString(
      "utf8",
    );
    expect(ics).toContain("DTSTART:20261119T160000Z");
    expect(ics).toContain("DTEND:20261119T180000Z");
    expect((await freeSlots(browser, THURSDAY)).allowance.remaining).toBe(1);
  });

  it("refuses a 3rd free booking in a week; the next week (by the reservation's date) has its own two", async () => {
    const { browser } = await memberBrowser();
    await bookOk(browser, THURSDAY, "13:00");
    await bookOk(browser, FRIDAY, "09:00");
    const third = await book(browser, THURSDAY, "09:00");
    expect(third.status).toBe(409);
    expect((await errorOf(third)).message).toBe("You have already used your free reservations for this week");
    expect((await freeSlots(browser, FRIDAY)).allowance).toMatchObject({ used: 2, remaining: 0 });

    // docs/decisions/006: booked today, but dated next week → next week's allowance.
    const next = await bookOk(browser, NEXT_MONDAY, "09:00");
    expect(next.allowance).toMatchObject({
      weekStart: "2026-11-23",
      weekEnd: "2026-11-29",
      used: 1,
      remaining: 1,
    });
    await bookOk(browser, NEXT_TUESDAY, "14:00");
    expect((await book(browser, NEXT_TUESDAY, "09:00")).status).toBe(409);
  });

  it("a cancelled free booking gives the allowance back", async () => {
    const { member, browser } = await memberBrowser();
    await bookOk(browser, FRIDAY, "10:00");
    const second = await bookOk(browser, FRIDAY, "12:00");
    expect(second.allowance.remaining).toBe(0);
    await t.db
      .update(reservations)
      .set({ status: "cancelled" })
      .where(and(eq(reservations.id, second.reservation.id), eq(reservations.userId, member.id)));
    expect((await freeSlots(browser, FRIDAY)).allowance.remaining).toBe(1);
  });

  it.each([
    [THURSDAY, null, "Please select a time slot"],
    [THURSDAY, "", "Please select a time slot"],
    [THURSDAY, "15:30", "Please select a time slot"], // Mon–Thu: before 15:30
    [FRIDAY, "13:30", "Please select a time slot"], // Friday: before 13:30
    [SATURDAY, "10:00", "Please select a time slot"], // none at weekends
    [THURSDAY, "10:15", "Please select a time slot"], // off the 30-minute grid
    ["2026-11-18", "09:00", "Please select a time slot"], // already started
  ])("%s at %j → %s", async (date, startTime, message) => {
    const { browser } = await memberBrowser();
    const response = await book(browser, date, startTime);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(message);
  });

  it("answers 409 when every court is taken at that time, and books nothing", async () => {
    const { member, browser } = await memberBrowser();
    await fillCourts(NEXT_MONDAY, "13:00", "15:00");
    const response = await book(browser, NEXT_MONDAY, "14:00");
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe(
      "This time is no longer available. Please choose another time.",
    );
    expect(await t.db.select().from(reservations).where(eq(reservations.userId, member.id))).toHaveLength(0);
  });
});

describe("concurrency", () => {
  it("two requests at once for a member's last free booking: exactly one succeeds", async () => {
    const { member, browser } = await memberBrowser();
    await bookOk(browser, "2026-11-25", "09:00");
    const second = await t.signIn(member.email, member.password);
    const answers = await Promise.all([
      book(browser, "2026-11-27", "11:00"),
      book(second, "2026-11-26", "11:00"),
      book(browser, "2026-11-25", "12:00"),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const rows = await t.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.userId, member.id), eq(reservations.isFreeMemberBooking, true)));
    expect(rows).toHaveLength(2);
  });

  it("members racing for the last free court: one gets it, the others are told it is gone", async () => {
    await fillCourts("2026-11-30", "10:00", "12:00", [1, 2, 3, 4, 5, 6, 7]);
    const racers = await Promise.all(Array.from({ length: 4 }, () => memberBrowser()));
    const answers = await Promise.all(racers.map(({ browser }) => book(browser, "2026-11-30", "10:00")));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    const taken = await t.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.date, "2026-11-30"), eq(reservations.courtId, 8)));
    expect(taken).toHaveLength(1);
  });
});
