import { describe, expect, it } from "vitest";
import {
  datesOf,
  defaultReportRange,
  isReportKind,
  noShowPercent,
  percentChange,
  periodBefore,
  rangeDays,
  reportRangeProblem,
  revenueTotal,
  sumRevenue,
  unknownReportMessage,
  zeroRevenue,
} from "./reports";

describe("report range", () => {
  it("defaults to the last 30 days, today included", () => {
    expect(defaultReportRange("2026-03-10")).toEqual({ from: "2026-02-09", to: "2026-03-10" });
    expect(rangeDays(defaultReportRange("2026-03-10"))).toBe(30);
  });

  it("refuses an end before the start and a range over 3 years, with the field", () => {
    expect(reportRangeProblem("2026-01-01", "2026-01-01")).toBeNull();
    expect(reportRangeProblem("2023-01-01", "2025-12-31")).toBeNull();
    expect(reportRangeProblem("2023-01-01", "2026-01-01")).toEqual({
      field: "to",
      message: "A range can cover at most 3 years.",
    });
    expect(reportRangeProblem("2026-01-02", "2026-01-01")).toEqual({
      field: "to",
      message: "The end date must be on or after the start date.",
    });
    expect(reportRangeProblem("2026-02-30", "2026-03-01")?.field).toBe("from");
  });

  it("names unknown reports", () => {
    expect(isReportKind("revenue")).toBe(true);
    expect(isReportKind("profit")).toBe(false);
    expect(unknownReportMessage("profit")).toBe(
      'There is no report called "profit". Reports: revenue, utilisation, bookings, members, coupons, events, customers.',
    );
  });
});

describe("period before", () => {
  it("is as long as the range and ends the day before it", () => {
    expect(periodBefore({ from: "2026-03-01", to: "2026-03-31" })).toEqual({
      from: "2026-01-29",
      to: "2026-02-28",
    });
    expect(periodBefore({ from: "2026-01-01", to: "2026-01-01" })).toEqual({
      from: "2025-12-31",
      to: "2025-12-31",
    });
    // Across the spring clock change and a leap day: calendar days, not 24-hour spans.
    const range = { from: "2024-02-28", to: "2024-03-12" };
    expect(rangeDays(periodBefore(range))).toBe(rangeDays(range));
    expect(periodBefore(range).to).toBe("2024-02-27");
  });

  it("lists every date of a range", () => {
    expect(datesOf({ from: "2024-02-27", to: "2024-03-01" })).toEqual([
      "2024-02-27",
      "2024-02-28",
      "2024-02-29",
      "2024-03-01",
    ]);
  });
});

describe("revenue sums", () => {
  it("adds streams in exact cents and compares with the period before", () => {
    const a = { ...zeroRevenue(), courts: 1999, desk: 1 };
    const b = { ...zeroRevenue(), events: 101, memberships: -50 };
    expect(sumRevenue([a, b])).toEqual({ courts: 1999, dartBays: 0, events: 101, memberships: -50, desk: 1 });
    expect(revenueTotal(sumRevenue([a, b]))).toBe(2051);
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 0)).toBeNull();
  });
});

describe("no-show rate", () => {
  it("is no-shows over started bookings, to a tenth of a percent", () => {
    expect(noShowPercent(1, 3)).toBe(33.3);
    expect(noShowPercent(0, 0)).toBeNull();
  });
});
