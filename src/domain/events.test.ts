import { describe, expect, it } from "vitest";
import {
  dateRangeFor,
  EVENT_TYPE_LABELS,
  EVENT_TYPES,
  formatEventPrices,
  isEventFull,
  isEventType,
  isUpcoming,
  recurrenceDates,
  requiresCourts,
} from "./events";

describe("event types", () => {
  it("has the spec's codes and labels", () => {
    expect(EVENT_TYPE_LABELS).toEqual({
      open_play: "Open Play",
      tournament: "Tournament",
      league: "League",
      ladder: "Ladder",
      classes: "Classes",
      foodie: "Foodie",
    });
    expect(EVENT_TYPES.map((t) => t.pluralLabel)).toEqual([
      "Open Play",
      "Tournaments",
      "Leagues",
      "Ladders",
      "Classes",
      "Foodie",
    ]);
  });

  it.each([
    ["foodie", true, false],
    ["tournament", true, true],
    ["open_play", true, true],
    ["party", false, null],
  ])("%s: known %s, needs courts %s", (code, known, courts) => {
    expect(isEventType(code)).toBe(known);
    if (isEventType(code)) expect(requiresCourts(code)).toBe(courts);
  });
});

describe("dateRangeFor", () => {
  // Every day of the week of Monday 2026-10-26 … Sunday 2026-11-01 (the fall-back day),
  // each at 3:00 PM in Chicago.
  it.each([
    ["2026-10-26T20:00:00Z", "2026-10-26"],
    ["2026-10-27T20:00:00Z", "2026-10-27"],
    ["2026-10-28T20:00:00Z", "2026-10-28"],
    ["2026-10-29T20:00:00Z", "2026-10-29"],
    ["2026-10-30T20:00:00Z", "2026-10-30"],
    ["2026-10-31T20:00:00Z", "2026-10-31"],
    ["2026-11-01T21:00:00Z", "2026-11-01"],
  ])("at %s (venue date %s)", (iso, today) => {
    const now = new Date(iso);
    expect(dateRangeFor("all", now)).toBeNull();
    expect(dateRangeFor("today", now)).toEqual({ start: today, end: today });
    expect(dateRangeFor("this_week", now)).toEqual({ start: "2026-10-26", end: "2026-11-01" });
    expect(dateRangeFor("this_weekend", now)).toEqual({ start: "2026-10-31", end: "2026-11-01" });
    expect(dateRangeFor("next_week", now)).toEqual({ start: "2026-11-02", end: "2026-11-08" });
  });

  it("uses the venue's date late on Sunday evening (already Monday in UTC)", () => {
    const now = new Date("2026-03-09T04:30:00Z"); // Sun 2026-03-08 11:30 PM CDT
    expect(dateRangeFor("today", now)).toEqual({ start: "2026-03-08", end: "2026-03-08" });
    expect(dateRangeFor("this_week", now)).toEqual({ start: "2026-03-02", end: "2026-03-08" });
    expect(dateRangeFor("this_weekend", now)).toEqual({ start: "2026-03-07", end: "2026-03-08" });
    expect(dateRangeFor("next_week", now)).toEqual({ start: "2026-03-09", end: "2026-03-15" });
  });
});

describe("recurrenceDates", () => {
  it.each([
    ["2026-10-18", "weekly", 4, ["2026-10-18", "2026-10-25", "2026-11-01", "2026-11-08"]],
    ["2026-03-01", "weekly", 2, ["2026-03-01", "2026-03-08"]],
    ["2026-01-31", "monthly", 4, ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"]],
    ["2026-10-08", "monthly", 3, ["2026-10-08", "2026-11-08", "2026-12-08"]],
    ["2027-12-31", "monthly", 3, ["2027-12-31", "2028-01-31", "2028-02-29"]],
  ] as const)("%s %s × %i", (first, frequency, count, dates) => {
    expect(recurrenceDates(first, frequency, count)).toEqual(dates);
  });

  it("makes twelve weekly occurrences at most", () => {
    expect(recurrenceDates("2026-11-23", "weekly", 12).at(-1)).toBe("2027-02-08");
    expect(recurrenceDates("2026-01-15", "monthly", 12).at(-1)).toBe("2026-12-15");
  });

  it.each([0, 1, 13, 2.5])("refuses %d occurrences", (count) => {
    expect(() => recurrenceDates("2026-11-23", "weekly", count)).toThrow(RangeError);
  });
});

describe("isUpcoming", () => {
  it.each([
    ["2026-11-23", "16:00", "2026-11-23T21:59:00Z", true], // 3:59 PM CST
    ["2026-11-23", "16:00", "2026-11-23T22:00:00Z", false], // ends exactly now
    ["2026-11-23", "16:00", "2026-11-23T22:01:00Z", false],
    ["2026-07-15", "16:00", "2026-07-15T20:59:00Z", true], // CDT is UTC-5
    ["2026-07-15", "16:00", "2026-07-15T21:00:00Z", false],
    ["2026-03-08", "14:00", "2026-03-08T18:59:00Z", true], // spring-forward day, CDT
    ["2026-03-08", "14:00", "2026-03-08T19:00:00Z", false],
    ["2026-11-01", "14:00", "2026-11-01T19:59:00Z", true], // fall-back day, CST
    ["2026-11-01", "14:00", "2026-11-01T20:00:00Z", false],
    ["2026-11-24", "10:00", "2026-11-23T22:00:00Z", true], // tomorrow
  ])("%s ending %s at %s → %s", (date, endTime, now, upcoming) => {
    expect(isUpcoming(date, endTime, new Date(now))).toBe(upcoming);
  });
});

describe("participants and prices", () => {
  it.each([
    [15, 16, false],
    [16, 16, true],
    [17, 16, true],
  ])("%i of %i is full: %s", (current, max, full) => {
    expect(isEventFull(current, max)).toBe(full);
  });

  it.each([
    [2500, 2000, "$25 / $20 (Member)"],
    [1250, 0, "$12.50 / $0 (Member)"],
  ])("%i / %i → %s", (nonMember, member, text) => {
    expect(formatEventPrices(nonMember, member)).toBe(text);
  });
});
