import { describe, expect, it } from "vitest";
import {
  facilityOpenByHour,
  gridTotal,
  hourLabel,
  openMinutesByHour,
  openMinutesGrid,
  shownHours,
  utilisationPercent,
} from "./utilisation";

describe("utilisation", () => {
  it("counts each hour's open minutes from the day's hours, half hours and midnight included", () => {
    const open = openMinutesByHour({ opensAt: "09:30", closesAt: "24:00" });
    expect(open.slice(8, 11)).toEqual([0, 30, 60]);
    expect(open[23]).toBe(60);
    expect(open.reduce((a, b) => a + b, 0)).toBe(14.5 * 60);
    expect(openMinutesByHour(null).every((m) => m === 0)).toBe(true);
  });

  it("adds the dates of a range by weekday, a special day's hours in place of the week's", () => {
    // 2026-03-02 and 2026-03-09 are Mondays; the 9th keeps short hours.
    const grid = openMinutesGrid(["2026-03-02", "2026-03-03", "2026-03-09"], (date) =>
      date === "2026-03-09"
        ? { opensAt: "10:00", closesAt: "12:00" }
        : { opensAt: "09:00", closesAt: "17:00" },
    );
    expect(grid[1]?.[9]).toBe(60);
    expect(grid[1]?.[10]).toBe(120);
    expect(grid[2]?.[16]).toBe(60);
    expect(gridTotal(grid)).toBe(8 * 60 + 8 * 60 + 2 * 60);
    expect(shownHours(grid, grid)).toEqual([9, 10, 11, 12, 13, 14, 15, 16]);
  });

  it("rounds a percentage and reads hours", () => {
    expect(utilisationPercent(90, 120)).toBe(75);
    expect(utilisationPercent(0, 0)).toBeNull();
    expect([0, 9, 12, 22].map(hourLabel)).toEqual(["12 AM", "9 AM", "12 PM", "10 PM"]);
  });

  it("takes a court's closed stretches off its open minutes, inside the day's hours only, overlaps once", () => {
    const hours = { opensAt: "09:00", closesAt: "21:00" };
    const open = facilityOpenByHour(hours, [
      { startTime: "08:00", endTime: "09:30" }, // half inside the hours
      { startTime: "12:15", endTime: "13:00" },
      { startTime: "12:30", endTime: "14:00" }, // overlaps the one before
      { startTime: "20:30", endTime: "24:00" },
    ]);
    expect(open.slice(8, 15)).toEqual([0, 30, 60, 60, 15, 0, 60]);
    expect(open[20]).toBe(30);
    expect(open.reduce((a, b) => a + b, 0)).toBe(12 * 60 - 30 - 105 - 30);
    expect(facilityOpenByHour(null, [{ startTime: "10:00", endTime: "11:00" }]).every((m) => m === 0)).toBe(
      true,
    );
  });
});
