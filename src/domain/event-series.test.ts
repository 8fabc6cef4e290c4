import { describe, expect, it } from "vitest";
import { occurrencesInScope, SERIES_MESSAGES, shiftOccurrenceDate, splitsSeries } from "./event-series";

const series = [
  { id: "c", date: "2026-12-07", startTime: "17:00" },
  { id: "a", date: "2026-11-23", startTime: "17:00" },
  { id: "d", date: "2026-12-14", startTime: "17:00" },
  { id: "b", date: "2026-11-30", startTime: "17:00" },
];
const ids = (list: { id: string }[]) => list.map((o) => o.id);

describe("occurrencesInScope", () => {
  it.each([
    ["one", "b", ["b"]],
    ["following", "b", ["b", "c", "d"]],
    ["following", "a", ["a", "b", "c", "d"]],
    ["following", "d", ["d"]],
    ["all", "c", ["a", "b", "c", "d"]],
    ["all", "zz", []],
  ] as const)("%s from %s", (scope, chosen, expected) => {
    expect(ids(occurrencesInScope(series, chosen, scope))).toEqual(expected);
  });

  it("orders occurrences on one date by start time", () => {
    const sameDay = [
      { id: "late", date: "2026-11-23", startTime: "19:00" },
      { id: "early", date: "2026-11-23", startTime: "09:00" },
    ];
    expect(ids(occurrencesInScope(sameDay, "early", "following"))).toEqual(["early", "late"]);
  });
});

describe("splitsSeries", () => {
  it("splits only when 'following' leaves earlier occurrences behind", () => {
    expect(splitsSeries(series, "b", "following")).toBe(true);
    expect(splitsSeries(series, "a", "following")).toBe(false);
    expect(splitsSeries(series, "b", "all")).toBe(false);
    expect(splitsSeries(series, "b", "one")).toBe(false);
  });
});

describe("shiftOccurrenceDate", () => {
  it.each([
    ["2026-12-07", "2026-11-30", "2026-11-30", "2026-12-07"],
    ["2026-12-07", "2026-11-30", "2026-12-02", "2026-12-09"],
    ["2026-12-07", "2026-11-30", "2026-11-27", "2026-12-04"],
    // Across the fall-back day (2026-11-01) and the year's end: calendar days, not 24-hour steps.
    ["2026-10-30", "2026-10-30", "2026-11-02", "2026-11-02"],
    ["2026-12-28", "2026-12-21", "2026-12-25", "2027-01-01"],
    ["2026-03-06", "2026-03-06", "2026-03-09", "2026-03-09"],
  ])("%s when the chosen one moves %s → %s is %s", (date, from, to, expected) => {
    expect(shiftOccurrenceDate(date, from, to)).toBe(expected);
  });
});

describe("messages", () => {
  it("count the events changed", () => {
    expect(SERIES_MESSAGES.updated(1)).toBe("Event updated successfully");
    expect(SERIES_MESSAGES.updated(3)).toBe("3 events updated successfully");
    expect(SERIES_MESSAGES.deleted(1)).toBe("Event deleted");
    expect(SERIES_MESSAGES.deleted(4)).toBe("4 events deleted");
  });
});
