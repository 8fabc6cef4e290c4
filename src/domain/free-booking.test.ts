import { describe, expect, it } from "vitest";
import { DEFAULT_BOOKING_RULES as RULES } from "./booking-rules";
import {
  checkFreeBookingDate,
  currentWeekBounds,
  freeBookingsRemaining,
  isFreeMemberBooking,
  isFreeSlotStart,
  offersFreeSlots,
  weekBounds,
} from "./free-booking";

// One week of 2026: Monday 23 November … Sunday 29 November.
const DAYS = {
  Monday: "2026-11-23",
  Tuesday: "2026-11-24",
  Wednesday: "2026-11-25",
  Thursday: "2026-11-26",
  Friday: "2026-11-27",
  Saturday: "2026-11-28",
  Sunday: "2026-11-29",
};
// Expected answers for 07:30, 08:00, 13:00, 13:30, 15:00, 15:30.
const BOUNDARY_TIMES = ["07:30", "08:00", "13:00", "13:30", "15:00", "15:30"];
const EXPECTED: Record<keyof typeof DAYS, boolean[]> = {
  Monday: [false, true, true, true, true, false],
  Tuesday: [false, true, true, true, true, false],
  Wednesday: [false, true, true, true, true, false],
  Thursday: [false, true, true, true, true, false],
  Friday: [false, true, true, false, false, false],
  Saturday: [false, false, false, false, false, false],
  Sunday: [false, false, false, false, false, false],
};

describe("isFreeSlotStart", () => {
  const cases = Object.entries(DAYS).flatMap(([day, date]) =>
    BOUNDARY_TIMES.map((time, i) => [day, date, time, EXPECTED[day as keyof typeof DAYS][i]] as const),
  );
  it.each(cases)("%s %s at %s → %s", (_, date, time, ok) => {
    expect(isFreeSlotStart(RULES, date, time)).toBe(ok);
  });

  it.each([
    ["2026-03-08", "10:00", false], // spring-forward Sunday
    ["2026-03-09", "10:00", true],
    ["2026-11-01", "10:00", false], // fall-back Sunday
    ["2026-11-02", "15:00", true],
    ["2026-11-06", "13:00", true], // Friday
    ["2026-11-06", "14:00", false],
  ])("%s at %s → %s", (date, time, ok) => {
    expect(isFreeSlotStart(RULES, date, time)).toBe(ok);
  });
});

describe("offersFreeSlots", () => {
  it.each(Object.entries(DAYS))("%s %s", (day, date) => {
    expect(offersFreeSlots(RULES, date)).toBe(!["Saturday", "Sunday"].includes(day));
  });
});

describe("weekBounds", () => {
  it.each([
    ["2026-11-23", "2026-11-23", "2026-11-29"],
    ["2026-11-29", "2026-11-23", "2026-11-29"], // Sunday ends the week
    ["2026-11-30", "2026-11-30", "2026-12-06"], // the following Monday starts a new one
    ["2026-11-01", "2026-10-26", "2026-11-01"], // fall-back Sunday
    ["2026-11-02", "2026-11-02", "2026-11-08"],
    ["2026-10-28", "2026-10-26", "2026-11-01"],
    ["2026-03-08", "2026-03-02", "2026-03-08"], // spring-forward Sunday
    ["2026-12-31", "2026-12-28", "2027-01-03"],
  ])("%s is in %s … %s", (date, start, end) => {
    expect(weekBounds(date)).toEqual({ start, end });
  });
});

describe("currentWeekBounds: the week by the venue's clock, not UTC's", () => {
  it.each([
    // Spring forward: Sunday 8 March 2026 ends at 23:59 CDT (UTC−5).
    ["2026-03-09T04:30:00Z", "Sunday 11:30 PM CDT", "2026-03-02", "2026-03-08"],
    ["2026-03-09T04:59:59Z", "Sunday 11:59:59 PM CDT", "2026-03-02", "2026-03-08"],
    ["2026-03-09T05:00:00Z", "Monday 12:00 AM CDT", "2026-03-09", "2026-03-15"],
    ["2026-03-09T13:00:00Z", "Monday 8:00 AM CDT", "2026-03-09", "2026-03-15"],
    // The spring-forward night itself: Sunday 1:59 AM CST, then 3:00 AM CDT, same week.
    ["2026-03-08T07:59:00Z", "Sunday 1:59 AM CST", "2026-03-02", "2026-03-08"],
    ["2026-03-08T08:00:00Z", "Sunday 3:00 AM CDT", "2026-03-02", "2026-03-08"],
    // Fall back: Sunday 1 November 2026 ends at 23:59 CST (UTC−6); UTC already reads Monday.
    ["2026-11-02T05:30:00Z", "Sunday 11:30 PM CST", "2026-10-26", "2026-11-01"],
    ["2026-11-02T05:59:59Z", "Sunday 11:59:59 PM CST", "2026-10-26", "2026-11-01"],
    ["2026-11-02T06:00:00Z", "Monday 12:00 AM CST", "2026-11-02", "2026-11-08"],
    ["2026-11-02T14:00:00Z", "Monday 8:00 AM CST", "2026-11-02", "2026-11-08"],
    // The repeated hour: 1:30 AM CDT and 1:30 AM CST are both Sunday of the same week.
    ["2026-11-01T06:30:00Z", "Sunday 1:30 AM CDT", "2026-10-26", "2026-11-01"],
    ["2026-11-01T07:30:00Z", "Sunday 1:30 AM CST", "2026-10-26", "2026-11-01"],
  ])("%s (%s) is in %s … %s", (instant, _label, start, end) => {
    expect(currentWeekBounds(new Date(instant))).toEqual({ start, end });
  });
});

describe("checkFreeBookingDate", () => {
  const now = new Date("2026-11-01T21:30:00Z"); // Sunday 3:30 PM CST
  it.each([
    ["2026-11-01", { ok: true }],
    ["2026-11-15", { ok: true }],
    [
      "2026-11-16",
      {
        ok: false,
        code: "TOO_FAR",
        message: "You can only book up to 14 days in advance",
        resetTo: "2026-11-15",
      },
    ],
    [
      "2026-10-31",
      { ok: false, code: "PAST_DATE", message: "You cannot book for past days", resetTo: "2026-11-01" },
    ],
  ])("%s", (date, expected) => {
    expect(checkFreeBookingDate(date, now, RULES)).toEqual(expected);
  });
});

describe("allowance and classification", () => {
  it.each([
    [0, 2],
    [1, 1],
    [2, 0],
    [3, 0],
  ])("%i used → %i remaining", (used, remaining) => {
    expect(freeBookingsRemaining(RULES, used)).toBe(remaining);
  });

  const free = { isMember: true, priceCents: 0, durationMinutes: 120, facilityType: "court" } as const;
  it.each([
    [{}, true],
    [{ isMember: false }, false],
    [{ priceCents: 2000 }, false],
    [{ durationMinutes: 90 }, false],
    [{ facilityType: "dart_bay" as const }, false],
  ])("%j → %s", (overrides, expected) => {
    expect(isFreeMemberBooking({ ...free, ...overrides }, RULES)).toBe(expected);
  });
});
