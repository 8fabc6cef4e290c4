import { describe, expect, it } from "vitest";
import { calendarDates } from "../../domain/venue-time";
import { runsOf } from "./report-days";

describe("the runs of missing days a report computes", () => {
  it("joins days a week apart or less, splits longer gaps", () => {
    expect(runsOf(["2025-03-01", "2025-03-02", "2025-03-09", "2025-03-18"])).toEqual([
      ["2025-03-01", "2025-03-09"],
      ["2025-03-18", "2025-03-18"],
    ]);
    expect(runsOf([])).toEqual([]);
  });

  it("cuts years of missing days into quarters that cover every day once", () => {
    const days = calendarDates("2023-01-01", "2025-12-31");
    const runs = runsOf(days);
    expect(runs.length).toBe(Math.ceil(days.length / 92));
    expect(runs.flatMap(([a, b]) => calendarDates(a, b))).toEqual(days);
  });
});
