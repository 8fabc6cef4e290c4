import { describe, expect, it } from "vitest";
import {
  addDaysToDate,
  addMonthsToDate,
  compareDates,
  dayOfWeek,
  formatTime12,
  formatTimeRange,
  isDateString,
  isTimeString,
  minutesOf,
  mondayOfWeek,
  timeOf,
  timeRangesOverlap,
  venueInstant,
  venueNowTime,
  venueToday,
} from "./venue-time";

describe("venueToday / venueNowTime", () => {
  it.each([
    // UTC instant → venue date and wall clock. Chicago is UTC-6 (CST) or UTC-5 (CDT).
    ["2026-11-24T05:59:00Z", "2026-11-23", "23:59"],
    ["2026-11-24T06:00:00Z", "2026-11-24", "00:00"],
    ["2026-11-23T21:30:00Z", "2026-11-23", "15:30"],
    ["2026-07-15T22:15:00Z", "2026-07-15", "17:15"],
    // 2026-03-08 spring forward: 01:59 CST is followed by 03:00 CDT.
    ["2026-03-08T07:59:00Z", "2026-03-08", "01:59"],
    ["2026-03-08T08:00:00Z", "2026-03-08", "03:00"],
    ["2026-03-08T20:00:00Z", "2026-03-08", "15:00"],
    // 2026-11-01 fall back: 01:30 happens twice.
    ["2026-11-01T06:30:00Z", "2026-11-01", "01:30"],
    ["2026-11-01T07:30:00Z", "2026-11-01", "01:30"],
    ["2026-11-01T22:00:00Z", "2026-11-01", "16:00"],
  ])("%s is %s %s at the venue", (iso, date, time) => {
    expect(venueToday(new Date(iso))).toBe(date);
    expect(venueNowTime(new Date(iso))).toBe(time);
  });
});

describe("venueInstant", () => {
  it.each([
    ["2026-11-23", "14:30", "2026-11-23T20:30:00.000Z"],
    ["2026-07-15", "17:00", "2026-07-15T22:00:00.000Z"],
    ["2026-03-08", "01:30", "2026-03-08T07:30:00.000Z"],
    ["2026-03-08", "02:30", "2026-03-08T08:30:00.000Z"], // in the gap: same as 03:30 CDT
    ["2026-03-08", "03:30", "2026-03-08T08:30:00.000Z"],
    ["2026-03-08", "16:00", "2026-03-08T21:00:00.000Z"],
    ["2026-11-01", "01:30", "2026-11-01T06:30:00.000Z"], // repeated: the first (CDT) one
    ["2026-11-01", "02:00", "2026-11-01T08:00:00.000Z"],
    ["2026-11-01", "16:00", "2026-11-01T22:00:00.000Z"],
    ["2026-11-01", "24:00", "2026-11-02T06:00:00.000Z"],
  ])("%s %s is %s", (date, time, iso) => {
    expect(venueInstant(date, time).toISOString()).toBe(iso);
  });
});

describe("calendar arithmetic", () => {
  it.each([
    ["2026-11-23", 1, "2026-11-24"],
    ["2026-10-31", 1, "2026-11-01"],
    ["2026-11-01", 1, "2026-11-02"],
    ["2026-03-08", -1, "2026-03-07"],
    ["2026-03-07", 14, "2026-03-21"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2028-02-28", 1, "2028-02-29"],
  ])("%s + %i days = %s", (date, days, expected) => {
    expect(addDaysToDate(date, days)).toBe(expected);
  });

  it.each([
    ["2026-01-31", 1, "2026-02-28"],
    ["2026-01-31", 2, "2026-03-31"],
    ["2028-01-31", 1, "2028-02-29"],
    ["2026-10-08", 1, "2026-11-08"],
    ["2026-12-15", 1, "2027-01-15"],
  ])("%s + %i months = %s", (date, months, expected) => {
    expect(addMonthsToDate(date, months)).toBe(expected);
  });

  it.each([
    ["2026-03-08", 0],
    ["2026-11-01", 0],
    ["2026-11-23", 1],
    ["2026-11-27", 5],
    ["2026-11-28", 6],
  ])("%s is weekday %i", (date, dow) => {
    expect(dayOfWeek(date)).toBe(dow);
  });

  it.each([
    ["2026-11-01", "2026-10-26"], // Sunday belongs to the week before
    ["2026-11-02", "2026-11-02"],
    ["2026-03-08", "2026-03-02"],
    ["2026-11-28", "2026-11-23"],
  ])("the week of %s starts on Monday %s", (date, monday) => {
    expect(mondayOfWeek(date)).toBe(monday);
  });

  it("compares dates and rejects malformed ones", () => {
    expect(compareDates("2026-11-01", "2026-11-02")).toBe(-1);
    expect(compareDates("2026-11-02", "2026-11-02")).toBe(0);
    expect(compareDates("2026-12-01", "2026-11-30")).toBe(1);
    expect(() => compareDates("2026-2-1", "2026-11-30")).toThrow(RangeError);
  });
});

describe("validators", () => {
  it.each([
    ["2026-11-01", true],
    ["2028-02-29", true],
    ["2026-02-29", false],
    ["2026-13-01", false],
    ["2026-1-01", false],
    ["", false],
  ])("isDateString(%j) = %s", (s, ok) => expect(isDateString(s)).toBe(ok));

  it.each([
    ["00:00", true],
    ["09:30", true],
    ["23:59", true],
    ["24:00", false],
    ["9:30", false],
    ["09:60", false],
    ["09:30:00", false],
  ])("isTimeString(%j) = %s", (s, ok) => expect(isTimeString(s)).toBe(ok));
});

describe("minutes and formatting", () => {
  it.each([
    ["00:00", 0, "12:00 AM"],
    ["09:00", 540, "9:00 AM"],
    ["11:30", 690, "11:30 AM"],
    ["12:00", 720, "12:00 PM"],
    ["13:05", 785, "1:05 PM"],
    ["16:30", 990, "4:30 PM"],
    ["22:30", 1350, "10:30 PM"],
    ["24:00", 1440, "12:00 AM"],
  ])("%s = %i minutes = %s", (time, minutes, label) => {
    expect(minutesOf(time)).toBe(minutes);
    expect(timeOf(minutes)).toBe(time);
    expect(formatTime12(time)).toBe(label);
  });

  it("reads exactly the times the lenient pattern describes, up to 24:00", () => {
    const pattern = /^(\d{2}):([0-5]\d)(?::00)?$/;
    const reference = (time: string) => {
      const m = pattern.exec(time);
      const minutes = m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
      return minutes <= 24 * 60 ? minutes : "RangeError";
    };
    const read = (time: string) => {
      try {
        return minutesOf(time);
      } catch (err) {
        return err instanceof RangeError ? "RangeError" : err;
      }
    };
    const times: string[] = [
      "",
      ":",
      "9:00",
      "09:0",
      "009:00",
      "09:00:0",
      "09:00:00:00",
      "09-00",
      "٠٩:٠٠",
      "０９:００",
    ];
    for (let h = 0; h < 100; h++) {
      for (let m = 0; m < 100; m++) {
        const hh = String(h).padStart(2, "0");
        const mm = String(m).padStart(2, "0");
        times.push(`${hh}:${mm}`, `${hh}:${mm}:00`, `${hh}:${mm}:01`, `${hh}:${mm}:10`, `${hh}:${mm}\n`);
      }
    }
    for (const odd of ["/", ";", "a", " ", "."])
      times.push(`1${odd}:30`, `12${odd}30`, `12:3${odd}`, `12:30${odd}00`);
    // One expect over the whole table: 50,000 expect() calls took over 5 s on a loaded CI machine.
    let accepted = 0;
    const mismatches: Array<[string, unknown, unknown]> = [];
    for (const time of times) {
      const want = reference(time);
      const got = read(time);
      if (!Object.is(got, want)) mismatches.push([time, got, want]);
      if (typeof want === "number") accepted++;
    }
    expect(mismatches).toEqual([]);
    // 00:00 … 23:59 and 24:00, each with and without ":00".
    expect(accepted).toBe(2 * (24 * 60 + 1));
  }, 20_000);

  it("accepts database times with seconds and rejects nonsense", () => {
    expect(minutesOf("17:30:00")).toBe(1050);
    expect(() => minutesOf("25:00")).toThrow(RangeError);
    expect(() => minutesOf("noon")).toThrow(RangeError);
    expect(() => timeOf(1441)).toThrow(RangeError);
    expect(() => timeOf(12.5)).toThrow(RangeError);
  });

  it("formats a range", () => {
    expect(formatTimeRange("16:30", "18:00")).toBe("4:30 PM - 6:00 PM");
    expect(formatTimeRange("11:00", "12:30")).toBe("11:00 AM - 12:30 PM");
  });

  it.each([
    ["10:00", "11:00", "11:00", "12:00", false], // touching ends do not overlap
    ["10:00", "11:30", "11:00", "12:00", true],
    ["11:00", "12:00", "10:00", "11:00", false],
    ["10:00", "13:00", "11:00", "12:00", true],
    ["11:30", "11:45", "11:00", "12:00", true],
  ])("[%s, %s) vs [%s, %s) overlap: %s", (s1, e1, s2, e2, overlap) => {
    expect(timeRangesOverlap({ startTime: s1, endTime: e1 }, { startTime: s2, endTime: e2 })).toBe(overlap);
  });
});
