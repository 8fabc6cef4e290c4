import { describe, expect, it } from "vitest";
import {
  closedIntervalsOn,
  DEFAULT_WEEK_HOURS,
  dayHours,
  type FacilityClosure,
  type ScheduleRules,
  weekHoursProblem,
} from "./venue-hours";

// Issue 31: hours, special days and closures as data; both DST days of 2026 in America/Chicago
// (2026-03-08 spring forward, 2026-11-01 fall back) keep their wall-clock times.
const rules = (specialDays: ScheduleRules["specialDays"] = []): ScheduleRules => ({
  week: DEFAULT_WEEK_HOURS,
  specialDays,
});

describe("dayHours", () => {
  it.each([
    ["2026-11-23", { opensAt: "09:00", closesAt: "21:00" }], // Monday
    ["2026-11-27", { opensAt: "09:00", closesAt: "22:00" }], // Friday
    ["2026-03-08", { opensAt: "10:30", closesAt: "21:00" }], // Sunday, spring forward
    ["2026-11-01", { opensAt: "10:30", closesAt: "21:00" }], // Sunday, fall back
  ])("the spec's hours on %s", (date, hours) => {
    expect(dayHours(rules(), date)).toEqual({ hours, reason: null });
  });

  it("a special day (or range) wins over the weekday, closed or with other hours", () => {
    const special = rules([
      {
        id: "a",
        startsOn: "2026-11-26",
        endsOn: "2026-11-26",
        hours: null,
        reason: "Closed for Thanksgiving",
      },
      {
        id: "b",
        startsOn: "2026-11-01",
        endsOn: "2026-11-02",
        hours: { opensAt: "12:00", closesAt: "18:00" },
        reason: "Short hours",
      },
    ]);
    expect(dayHours(special, "2026-11-26")).toEqual({ hours: null, reason: "Closed for Thanksgiving" });
    expect(dayHours(special, "2026-11-01").hours).toEqual({ opensAt: "12:00", closesAt: "18:00" });
    expect(dayHours(special, "2026-11-02").reason).toBe("Short hours");
    expect(dayHours(special, "2026-11-03").reason).toBeNull();
  });

  it("a closed weekday has no hours", () => {
    expect(
      dayHours({ week: { ...DEFAULT_WEEK_HOURS, 1: null }, specialDays: [] }, "2026-11-23").hours,
    ).toBeNull();
  });
});

describe("weekHoursProblem", () => {
  it("refuses a closing time before the opening, naming the day", () => {
    expect(weekHoursProblem(DEFAULT_WEEK_HOURS)).toBeNull();
    expect(weekHoursProblem({ ...DEFAULT_WEEK_HOURS, 2: { opensAt: "18:00", closesAt: "09:00" } })).toBe(
      "Tuesday: the closing time must be after the opening time",
    );
    expect(weekHoursProblem({ ...DEFAULT_WEEK_HOURS, 3: { opensAt: "09:00", closesAt: "09:00" } })).toContain(
      "Wednesday",
    );
    expect(weekHoursProblem({ ...DEFAULT_WEEK_HOURS, 4: { opensAt: "9", closesAt: "21:00" } })).toBe(
      "Thursday: enter times as HH:mm",
    );
    expect(
      weekHoursProblem({ ...DEFAULT_WEEK_HOURS, 5: { opensAt: "09:00", closesAt: "24:00" } }),
    ).toBeNull();
  });
});

describe("closedIntervalsOn", () => {
  const closure = (overrides: Partial<FacilityClosure>): FacilityClosure => ({
    id: "c",
    facilityType: "court",
    facilityIds: [3],
    startsOn: "2026-03-07",
    endsOn: "2026-03-09",
    startTime: "20:00",
    endTime: "10:00",
    weekly: false,
    reason: "Resurfacing",
    ...overrides,
  });

  it("a stretch over several days, across the spring-forward night, in wall-clock times", () => {
    const c = [closure({})];
    expect(closedIntervalsOn(c, "court", "2026-03-07")).toEqual([
      { facilityId: 3, startTime: "20:00", endTime: "24:00", reason: "Resurfacing" },
    ]);
    expect(closedIntervalsOn(c, "court", "2026-03-08")).toEqual([
      { facilityId: 3, startTime: "00:00", endTime: "24:00", reason: "Resurfacing" },
    ]);
    expect(closedIntervalsOn(c, "court", "2026-03-09")[0]).toMatchObject({
      startTime: "00:00",
      endTime: "10:00",
    });
    expect(closedIntervalsOn(c, "court", "2026-03-10")).toEqual([]);
    expect(closedIntervalsOn(c, "dart_bay", "2026-03-08")).toEqual([]);
  });

  it("weekly on the first day's weekday only, the fall-back Sunday included", () => {
    const c = [
      closure({
        startsOn: "2026-10-25",
        endsOn: "2026-11-30",
        startTime: "01:00",
        endTime: "03:00",
        weekly: true,
        facilityIds: [1, 2],
      }),
    ];
    expect(closedIntervalsOn(c, "court", "2026-11-01")).toEqual([
      { facilityId: 1, startTime: "01:00", endTime: "03:00", reason: "Resurfacing" },
      { facilityId: 2, startTime: "01:00", endTime: "03:00", reason: "Resurfacing" },
    ]);
    expect(closedIntervalsOn(c, "court", "2026-11-02")).toEqual([]);
    expect(closedIntervalsOn(c, "court", "2026-12-06")).toEqual([]);
  });
});
