import { describe, expect, it } from "vitest";
import { courtPriceCents, dartBayPriceCents, slotPrices } from "./pricing";
import { timeOf } from "./venue-time";

// SPEC §9 Prices, copied cell by cell. "–" means the duration has no column at that time.
const WEEKEND_TABLE = [
  [60, "40 / 45"],
  [90, "60 / 67.5"],
  [120, "80 / 90"],
  [150, "100 / 112.5"],
  [180, "120 / 135"],
] as const;

const WEEKDAY_COLUMNS = ["before", "14:30", "15:00", "15:30", "16:00", "16:30", "17+"] as const;
const WEEKDAY_TABLE = [
  [60, "20 / 25", "–", "–", "–", "–", "30 / 35", "40 / 45"],
  [90, "30 / 37.5", "–", "–", "–", "40 / 47.5", "50 / 57.5", "60 / 67.5"],
  [120, "40 / 50", "–", "–", "–", "60 / 70", "70 / 80", "80 / 90"],
  [150, "50 / 62.5", "–", "60 / 72.5", "70 / 82.5", "80 / 92.5", "90 / 102.5", "100 / 112.5"],
  [180, "60 / 75", "70 / 85", "80 / 95", "90 / 105", "100 / 115", "110 / 125", "120 / 135"],
] as const;

const WEEKDAYS = [
  "2026-11-23",
  "2026-11-24",
  "2026-11-25",
  "2026-11-26",
  "2026-11-27",
  "2026-03-09",
  "2026-11-02",
];
const WEEKEND_DAYS = ["2026-11-28", "2026-11-29", "2026-03-07", "2026-03-08", "2026-10-31", "2026-11-01"];

/** "67.5 / 75" → [6750, 7500] (member, non-member) in cents. */
function cell(text: string): [number, number] {
  const [member, nonMember] = text.split(" / ").map((dollars) => Math.round(Number(dollars) * 100));
  if (member === undefined || nonMember === undefined) throw new Error(`bad cell ${text}`);
  return [member, nonMember];
}

/** The table's answer for a weekday start: a listed column, "Hour ≥ 17", or "Before listed times". */
function weekdayExpectation(row: (typeof WEEKDAY_TABLE)[number], start: string): [number, number] {
  const [, ...cells] = row;
  if (start >= "17:00") return cell(cells[6]);
  const listed = WEEKDAY_COLUMNS.indexOf(start as (typeof WEEKDAY_COLUMNS)[number]);
  if (listed > 0 && cells[listed] !== "–") return cell(cells[listed] as string);
  const firstListed = WEEKDAY_COLUMNS.findIndex((_, i) => i > 0 && cells[i] !== "–");
  expect(start < (WEEKDAY_COLUMNS[firstListed] as string)).toBe(true);
  return cell(cells[0]);
}

// Every 30-minute start from 09:00 up to the latest a Friday (open until 22:00) can hold.
const startsFor = (duration: number) =>
  Array.from({ length: (22 * 60 - duration - 9 * 60) / 30 + 1 }, (_, i) => timeOf(9 * 60 + i * 30));

describe("courtPriceCents on weekdays", () => {
  const cases = WEEKDAYS.flatMap((date) =>
    WEEKDAY_TABLE.flatMap((row) =>
      startsFor(row[0]).map((start) => [date, row[0], start, ...weekdayExpectation(row, start)] as const),
    ),
  );

  it.each(cases)("%s %i min at %s: member %i, non-member %i", (date, duration, start, member, nonMember) => {
    expect(courtPriceCents(date, start, duration, true)).toBe(member);
    expect(courtPriceCents(date, start, duration, false)).toBe(nonMember);
  });

  it("covers every listed cell of the table", () => {
    const listedCells = WEEKDAY_TABLE.flatMap((row) => row.slice(2).filter((c) => c !== "–")).length;
    expect(listedCells).toBe(1 + 2 + 2 + 4 + 5 + 5); // 14:30…16:30 columns plus 5 "Hour ≥ 17"
  });

  it.each([
    ["16:00", 60, 2000, 2500], // ends exactly at 17:00: still off-peak
    ["14:30", 150, 5000, 6250], // before listed times for 150
    ["14:00", 180, 6000, 7500], // before listed times for 180
    ["15:30", 120, 4000, 5000], // the table lists no 15:30 for 120: before listed times, not prorated
    ["17:30", 90, 6000, 6750],
    ["20:00", 60, 4000, 4500],
  ])("Monday at %s for %i min is %i / %i", (start, duration, member, nonMember) => {
    expect(courtPriceCents("2026-11-23", start, duration, true)).toBe(member);
    expect(courtPriceCents("2026-11-23", start, duration, false)).toBe(nonMember);
  });
});

describe("courtPriceCents at weekends", () => {
  const cases = WEEKEND_DAYS.flatMap((date) =>
    WEEKEND_TABLE.flatMap(([duration, text]) =>
      startsFor(duration).map((start) => [date, duration, start, ...cell(text)] as const),
    ),
  );

  it.each(cases)("%s %i min at %s: member %i, non-member %i", (date, duration, start, member, nonMember) => {
    expect(courtPriceCents(date, start, duration, true)).toBe(member);
    expect(courtPriceCents(date, start, duration, false)).toBe(nonMember);
  });
});

describe("courts: durations outside the public list are priced 0", () => {
  it.each([
    ["2026-11-23", 30],
    ["2026-11-23", 45],
    ["2026-11-28", 30],
    ["2026-11-28", 210],
    ["2026-11-29", 0],
  ])("%s, %i min", (date, duration) => {
    expect(courtPriceCents(date, "10:00", duration, true)).toBe(0);
    expect(courtPriceCents(date, "18:00", duration, false)).toBe(0);
  });
});

describe("dartBayPriceCents", () => {
  it.each([
    [30, 1500],
    [60, 3000],
    [90, 4500],
    [120, 6000],
    [150, 7500],
    [180, 9000],
    [0, 0],
    [45, 0],
    [210, 0],
  ])("%i min = %i cents", (duration, cents) => {
    expect(dartBayPriceCents(duration)).toBe(cents);
  });
});

describe("slotPrices", () => {
  it.each([
    ["court", "2026-11-23", "16:30", 90, 5000, 5750],
    ["court", "2026-11-29", "10:30", 90, 6000, 6750],
    ["court", "2026-03-08", "15:00", 120, 8000, 9000],
    ["dart_bay", "2026-11-23", "10:00", 90, 4500, 4500],
    ["dart_bay", "2026-11-28", "19:30", 30, 1500, 1500],
  ] as const)("%s %s %s %i min", (type, date, start, duration, member, nonMember) => {
    expect(slotPrices(type, date, start, duration)).toEqual({
      memberPriceCents: member,
      nonMemberPriceCents: nonMember,
    });
  });
});
