import { describe, expect, it } from "vitest";
import {
  dateRangeFor,
  EVENT_TYPE_LABELS,
  EVENT_TYPES,
  formatEventCourtNames,
  formatEventCourts,
  formatEventLongDate,
  formatEventPrices,
  formatEventShortDate,
  isEventFull,
  isEventType,
  isUpcoming,
  participantLabel,
  playerNamesOf,
  recurrenceDates,
  registrationBadge,
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

describe("dateRangeFor across a year end", () => {
  // Mon 28 Dec 2026 … Sun 3 Jan 2027: the week, its weekend and the next week span two years.
  it.each([
    ["2026-12-28T18:00:00Z", "2026-12-28"],
    ["2026-12-31T18:00:00Z", "2026-12-31"],
    ["2027-01-02T18:00:00Z", "2027-01-02"],
    ["2027-01-03T18:00:00Z", "2027-01-03"], // Sunday: still this week, not next
  ])("at %s", (iso, today) => {
    const now = new Date(iso);
    expect(dateRangeFor("today", now)).toEqual({ start: today, end: today });
    expect(dateRangeFor("this_week", now)).toEqual({ start: "2026-12-28", end: "2027-01-03" });
    expect(dateRangeFor("this_weekend", now)).toEqual({ start: "2027-01-02", end: "2027-01-03" });
    expect(dateRangeFor("next_week", now)).toEqual({ start: "2027-01-04", end: "2027-01-10" });
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

  it("keeps the 31st whenever the month has one, the last day otherwise (decision 007)", () => {
    expect(recurrenceDates("2026-08-31", "monthly", 6)).toEqual([
      "2026-08-31",
      "2026-09-30",
      "2026-10-31",
      "2026-11-30",
      "2026-12-31",
      "2027-01-31",
    ]);
    expect(recurrenceDates("2026-01-30", "monthly", 3)).toEqual(["2026-01-30", "2026-02-28", "2026-03-30"]);
  });

  it("crosses both DST changes on the same weekday", () => {
    expect(recurrenceDates("2026-02-26", "weekly", 3)).toEqual(["2026-02-26", "2026-03-05", "2026-03-12"]);
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

describe("display formats", () => {
  it.each([
    ["2025-01-01", "Wednesday, January 1st, 2025"],
    ["2026-11-02", "Monday, November 2nd, 2026"],
    ["2026-11-23", "Monday, November 23rd, 2026"],
    ["2026-11-11", "Wednesday, November 11th, 2026"],
    ["2026-11-12", "Thursday, November 12th, 2026"],
    ["2026-11-13", "Friday, November 13th, 2026"],
    ["2026-11-21", "Saturday, November 21st, 2026"],
    ["2026-11-22", "Sunday, November 22nd, 2026"],
  ])("long date %s → %s", (date, text) => {
    expect(formatEventLongDate(date)).toBe(text);
  });

  it("short date for cards", () => {
    expect(formatEventShortDate("2026-11-29")).toBe("Sun, Nov 29, 2026");
  });

  it.each([
    [[], "TBD"],
    [[3], "Court 3"],
    [[2, 1], "Courts 1, 2"],
  ])("courts %j → %s", (courts, text) => {
    expect(formatEventCourts(courts)).toBe(text);
  });

  it.each([
    [[], "TBD"],
    [["Court 3"], "Court 3"],
    [["Court 1", "Court 2"], "Courts 1, 2"],
    [["Show Court", "Court 2"], "Show Court, Court 2"],
  ])("court names %j → %s", (names, text) => {
    expect(formatEventCourtNames(names)).toBe(text);
  });
});

describe("registrations", () => {
  it.each([
    ["confirmed", "paid", "Confirmed"],
    ["confirmed", "pending", "Pending"],
    ["pending", "pending", "Pending"],
    ["cancelled", "paid", "Cancelled"],
    ["cancelled", "pending", "Cancelled"],
  ])("%s / %s → %s", (status, paymentStatus, badge) => {
    expect(registrationBadge(status, paymentStatus)).toBe(badge);
  });

  it("lists players one per line, skipping blank lines", () => {
    expect(playerNamesOf(" Sam Patel \r\n\nChris Duval\n")).toEqual(["Sam Patel", "Chris Duval"]);
    expect(playerNamesOf(null)).toEqual([]);
  });

  it("labels partnered teams with who registered them", () => {
    expect(participantLabel("Sam Patel", "Sam Patel\nChris Duval")).toBe(
      "Sam Patel, Chris Duval (Registered by Sam Patel)",
    );
    expect(participantLabel("Jamie Ortiz", null)).toBe("Jamie Ortiz");
  });
});
