import { describe, expect, it } from "vitest";
import { slotPriceCents, slotPrices } from "./pricing";
import { DEFAULT_RATE_CARD, type PriceBand, type RateCard } from "./rate-card";
import { minutesOf, timeOf } from "./venue-time";

// The spec's tables are the default card: every cell below is priced from DEFAULT_RATE_CARD.
const courtPriceCents = (date: string, start: string, duration: number, member: boolean) =>
  slotPriceCents(DEFAULT_RATE_CARD, "court", date, start, duration, member);
const dartBayPriceCents = (duration: number) =>
  slotPriceCents(DEFAULT_RATE_CARD, "dart_bay", "2026-11-23", "10:00", duration, false);

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
    expect(slotPrices(DEFAULT_RATE_CARD, type, date, start, duration)).toEqual({
      memberPriceCents: member,
      nonMemberPriceCents: nonMember,
    });
  });
});

// A second venue's card: three weekday bands, two weekend bands, other durations, no listed
// starts, and a holiday special. Its prices are checked against a minute-by-minute sum.
const band = (from: string, to: string, member: number, nonMember: number): PriceBand => ({
  from,
  to,
  memberCentsPerHour: member,
  nonMemberCentsPerHour: nonMember,
});
const OTHER_CARD: RateCard = {
  court: {
    durations: [30, 60, 90, 120, 240],
    defaultDuration: 60,
    weekday: [
      band("00:00", "10:00", 1200, 1500),
      band("10:00", "16:30", 1800, 2350),
      band("16:30", "24:00", 3333, 4100),
    ],
    weekend: [band("00:00", "12:00", 2800, 3100), band("12:00", "24:00", 3900, 4475)],
    weekdayWholeBandBefore: {},
    specials: [
      {
        label: "Thanksgiving",
        fromDate: "2026-11-26",
        toDate: "2026-11-27",
        bands: [band("00:00", "24:00", 5000, 5500)],
      },
    ],
  },
  dart_bay: {
    durations: [60],
    defaultDuration: 60,
    weekday: [band("00:00", "18:00", 1000, 1000), band("18:00", "24:00", 2000, 2400)],
    weekend: [band("00:00", "24:00", 2000, 2400)],
    weekdayWholeBandBefore: {},
    specials: [],
  },
};

/** The oracle: each minute at the band that holds it, summed, then rounded once. */
function minuteByMinute(bands: PriceBand[], start: string, duration: number, member: boolean): number {
  let total = 0;
  for (let m = minutesOf(start); m < minutesOf(start) + duration; m++) {
    const b = bands.find((x) => minutesOf(x.from) <= m && m < minutesOf(x.to));
    if (!b) throw new Error(`no band at ${m}`);
    total += member ? b.memberCentsPerHour : b.nonMemberCentsPerHour;
  }
  return Math.round(total / 60);
}

describe("a second card with other bands", () => {
  const weekdayEdges = ["10:00", "16:30"];
  const weekendEdges = ["12:00"];
  // Every start on a 15-minute grid whose slot crosses an edge, for every duration the card offers.
  const crossing = (edges: string[], duration: number) =>
    Array.from({ length: (24 * 60 - duration) / 15 + 1 }, (_, i) => i * 15).filter((start) =>
      edges.some((e) => start < minutesOf(e) && minutesOf(e) < start + duration),
    );

  it.each(["2026-11-23", "2026-11-24", "2026-03-09", "2026-11-02"])(
    "prorates across every weekday edge on %s",
    (date) => {
      let checked = 0;
      for (const duration of OTHER_CARD.court.durations) {
        for (const start of crossing(weekdayEdges, duration)) {
          for (const member of [true, false]) {
            const expected = minuteByMinute(OTHER_CARD.court.weekday, timeOf(start), duration, member);
            expect(slotPriceCents(OTHER_CARD, "court", date, timeOf(start), duration, member)).toBe(expected);
            checked++;
          }
        }
      }
      expect(checked).toBeGreaterThan(100);
    },
  );

  // Both DST days of 2026 in America/Chicago are Sundays: priced by the wall clock like any Sunday.
  it.each(["2026-03-08", "2026-11-01", "2026-11-28"])("prorates across the weekend edge on %s", (date) => {
    for (const duration of OTHER_CARD.court.durations) {
      for (const start of crossing(weekendEdges, duration)) {
        for (const member of [true, false]) {
          const expected = minuteByMinute(OTHER_CARD.court.weekend, timeOf(start), duration, member);
          expect(slotPriceCents(OTHER_CARD, "court", date, timeOf(start), duration, member)).toBe(expected);
        }
      }
    }
  });

  it.each([
    ["2026-11-23", "09:30", 60, 1500, 1925], // 30 min at 12/15 + 30 min at 18/23.50
    ["2026-11-23", "16:00", 120, 5900, 7325], // 30 min at 18 + 90 at 33.33: 5899.5 rounds up
    ["2026-11-23", "11:00", 30, 900, 1175],
    ["2026-11-28", "11:00", 240, 14500, 16525],
    ["2026-03-08", "01:00", 120, 5600, 6200], // the night clocks spring forward: wall-clock minutes
    ["2026-11-01", "01:00", 60, 2800, 3100], // the night clocks fall back
  ] as const)("%s %s for %i min is %i / %i", (date, start, duration, member, nonMember) => {
    expect(slotPrices(OTHER_CARD, "court", date, start, duration)).toEqual({
      memberPriceCents: member,
      nonMemberPriceCents: nonMember,
    });
  });

  it("offers its own durations: the spec's 150 and 180 are priced 0, its 30 and 240 are not", () => {
    expect(slotPriceCents(OTHER_CARD, "court", "2026-11-23", "10:00", 150, true)).toBe(0);
    expect(slotPriceCents(OTHER_CARD, "court", "2026-11-23", "10:00", 180, false)).toBe(0);
    expect(slotPriceCents(OTHER_CARD, "court", "2026-11-23", "10:00", 30, true)).toBe(900);
    expect(slotPriceCents(OTHER_CARD, "dart_bay", "2026-11-23", "17:30", 60, false)).toBe(1700);
    expect(slotPriceCents(OTHER_CARD, "dart_bay", "2026-11-23", "17:30", 30, false)).toBe(0);
  });

  it("prices a special date range's days by its bands, weekday or weekend, and the days around it as usual", () => {
    expect(slotPrices(OTHER_CARD, "court", "2026-11-26", "09:00", 60)).toEqual({
      memberPriceCents: 5000,
      nonMemberPriceCents: 5500,
    });
    expect(slotPriceCents(OTHER_CARD, "court", "2026-11-27", "20:00", 120, true)).toBe(10000);
    expect(slotPriceCents(OTHER_CARD, "court", "2026-11-25", "09:00", 60, true)).toBe(1200);
    expect(slotPriceCents(OTHER_CARD, "court", "2026-11-28", "09:00", 60, true)).toBe(2800);
  });

  it("a start before the listed time is priced wholly at its band only where the card lists one", () => {
    const listed: RateCard = {
      ...OTHER_CARD,
      court: { ...OTHER_CARD.court, weekdayWholeBandBefore: { 120: "16:00" } },
    };
    expect(slotPriceCents(listed, "court", "2026-11-23", "15:30", 120, true)).toBe(3600);
    expect(slotPriceCents(OTHER_CARD, "court", "2026-11-23", "15:30", 120, true)).toBe(
      minuteByMinute(OTHER_CARD.court.weekday, "15:30", 120, true),
    );
    // Weekends and specials prorate whatever the weekday list says.
    expect(slotPriceCents(listed, "court", "2026-11-28", "11:00", 120, true)).toBe(6700);
  });
});
