import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { slotPrices } from "./pricing";
import { DEFAULT_RATE_CARD } from "./rate-card";
import { freeFacilitiesAt, generateSlots, type SlotInput } from "./slots";
import { formatTimeRange } from "./venue-time";

const MONDAY = "2026-11-23";
const weekdayHours = { opensAt: "09:00", closesAt: "21:00" };

function input(overrides: Partial<SlotInput>): SlotInput {
  return {
    date: MONDAY,
    now: new Date("2026-11-20T15:00:00Z"), // the Friday before, 9:00 AM in Chicago
    facilityType: "court",
    durationMinutes: 60,
    card: DEFAULT_RATE_CARD,
    hours: weekdayHours,
    facilityIds: [1, 2, 3],
    busy: [],
    ...overrides,
  };
}
const starts = (i: SlotInput) => generateSlots(i).map((s) => s.startTime);

describe("generateSlots: the list", () => {
  it("steps every 30 minutes from opening and ends by closing", () => {
    const slots = generateSlots(input({}));
    expect(slots).toHaveLength(23);
    expect(slots[0]).toEqual({
      startTime: "09:00",
      endTime: "10:00",
      displayTime: "9:00 AM - 10:00 AM",
      availableFacilities: 3,
      freeFacilityIds: [1, 2, 3],
      isAvailable: true,
      memberPriceCents: 2000,
      nonMemberPriceCents: 2500,
    });
    expect(slots.at(-1)).toMatchObject({
      startTime: "20:00",
      endTime: "21:00",
      displayTime: "8:00 PM - 9:00 PM",
    });
  });

  it.each([
    [60, "20:00", 23],
    [90, "19:30", 22],
    [180, "18:00", 19],
  ])("%i-minute slots end by 21:00: last start %s, %i slots", (duration, last, count) => {
    const list = starts(input({ durationMinutes: duration }));
    expect(list.at(-1)).toBe(last);
    expect(list).toHaveLength(count);
  });

  it.each([
    ["no operating hours", { hours: null }],
    ["no active facilities", { facilityIds: [] }],
    ["a past date", { date: "2026-11-19" }],
  ])("is empty for %s", (_, overrides) => {
    expect(generateSlots(input(overrides))).toEqual([]);
  });

  it("prices each slot by its start time", () => {
    const slots = generateSlots(input({ durationMinutes: 90 }));
    expect(slots.find((s) => s.startTime === "16:00")).toMatchObject({
      memberPriceCents: 4000,
      nonMemberPriceCents: 4750,
    });
    expect(slots.find((s) => s.startTime === "16:30")).toMatchObject({
      memberPriceCents: 5000,
      nonMemberPriceCents: 5750,
    });
    const darts = generateSlots(input({ facilityType: "dart_bay", durationMinutes: 30 }));
    expect(darts[0]).toMatchObject({ endTime: "09:30", memberPriceCents: 1500, nonMemberPriceCents: 1500 });
  });
});

describe("generateSlots: today's past times", () => {
  it.each([
    ["2026-11-23T20:29:00Z", MONDAY, "14:30"], // 2:29 PM CST
    ["2026-11-23T20:30:00Z", MONDAY, "15:00"], // 2:30 PM: a slot starting now is skipped
    ["2026-11-23T20:30:59Z", MONDAY, "15:00"],
    ["2026-11-23T14:00:00Z", MONDAY, "09:00"], // 8:00 AM, before opening
    ["2026-03-08T19:00:00Z", "2026-03-08", "14:30"], // 2:00 PM CDT on the spring-forward Sunday
    ["2026-11-01T20:00:00Z", "2026-11-01", "14:30"], // 2:00 PM CST on the fall-back Sunday
    ["2026-11-24T04:00:00Z", MONDAY, "22:30"], // 10:00 PM Monday in Chicago, already Tuesday in UTC
  ])("now %s on %s: the first start is %s", (now, date, firstStart) => {
    const hours = { opensAt: "09:00", closesAt: "23:00" };
    const list = starts(
      input({ now: new Date(now), date, hours, facilityType: "dart_bay", durationMinutes: 30 }),
    );
    expect(list[0]).toBe(firstStart);
  });

  it("has no slots left late in the evening", () => {
    expect(generateSlots(input({ now: new Date("2026-11-24T02:30:00Z") }))).toEqual([]);
  });
});

describe("generateSlots: busy facilities", () => {
  const busy = [
    { facilityId: 2, startTime: "10:00", endTime: "11:00" },
    { facilityId: 3, startTime: "10:30:00", endTime: "12:00:00" },
    { facilityId: 9, startTime: "09:00", endTime: "21:00" }, // not an active facility
  ];
  it.each([
    ["09:00", [1, 2, 3]], // ends as court 2's booking starts
    ["09:30", [1, 3]],
    ["10:00", [1]],
    ["10:30", [1]],
    ["11:00", [1, 2]], // starts as court 2's booking ends
    ["11:30", [1, 2]],
    ["12:00", [1, 2, 3]],
  ])("60 minutes at %s: free %j", (start, free) => {
    const slot = generateSlots(input({ busy, facilityIds: [3, 1, 2] })).find((s) => s.startTime === start);
    expect(slot).toMatchObject({
      freeFacilityIds: free,
      availableFacilities: free.length,
      isAvailable: true,
    });
  });

  it("marks a fully booked slot not available", () => {
    const allBusy = [1, 2, 3].map((facilityId) => ({ facilityId, startTime: "09:00", endTime: "12:00" }));
    const slot = generateSlots(input({ busy: allBusy }))[0];
    expect(slot).toMatchObject({ availableFacilities: 0, freeFacilityIds: [], isAvailable: false });
  });
});

describe("generateSlots: weekend cutoffs", () => {
  const lateHours = { opensAt: "10:30", closesAt: "23:00" };
  it.each([
    ["2026-11-29", "19:30", 3], // Sunday, ends 20:30
    ["2026-11-29", "20:00", 3], // Sunday, ends 21:00
    ["2026-11-29", "20:30", 0], // Sunday, ends 21:30
    ["2026-11-01", "20:30", 0], // the fall-back Sunday
    ["2026-03-08", "20:00", 3], // the spring-forward Sunday
    ["2026-03-08", "21:00", 0],
    ["2026-11-28", "21:30", 3], // Saturday, ends 22:30
    ["2026-11-28", "22:00", 0], // Saturday, ends 23:00
    ["2026-11-27", "22:00", 3], // Friday has no cutoff
  ])("%s 60 min at %s: %i available", (date, start, available) => {
    const now = new Date("2026-02-01T15:00:00Z");
    const slot = generateSlots(input({ date, now, hours: lateHours })).find((s) => s.startTime === start);
    expect(slot).toMatchObject({ availableFacilities: available, isAvailable: available > 0 });
  });

  it("offers nothing past 21:00 on a Sunday with the footer's hours", () => {
    const slots = generateSlots(
      input({ date: "2026-11-29", hours: { opensAt: "10:30", closesAt: "21:00" } }),
    );
    expect(slots[0]?.startTime).toBe("10:30");
    expect(slots.at(-1)).toMatchObject({ startTime: "20:00", isAvailable: true, memberPriceCents: 4000 });
  });
});

describe("generateSlots: the day's grid is built once per type, weekday, duration and hours", () => {
  const dates = ["2026-11-23", "2026-11-27", "2026-11-28", "2026-11-29", "2026-11-30", "2026-12-05"];
  const hoursList = [
    weekdayHours,
    { opensAt: "10:30", closesAt: "23:00" },
    { opensAt: "08:00", closesAt: "12:00" },
  ];
  const now = new Date("2026-11-20T15:00:00Z");

  it("labels and prices every slot as the pricing rules do, whichever day asked first", () => {
    // Every (date, hours, type, duration) in an order that reuses grids across dates of a weekday.
    for (const hours of hoursList) {
      for (const date of dates) {
        for (const [facilityType, durations] of [
          ["court", [60, 90, 120, 150, 180]],
          ["dart_bay", [30, 60, 90, 120]],
        ] as const) {
          for (const durationMinutes of durations) {
            for (const slot of generateSlots(input({ date, now, hours, facilityType, durationMinutes }))) {
              const prices = slotPrices(
                DEFAULT_RATE_CARD,
                facilityType,
                date,
                slot.startTime,
                durationMinutes,
              );
              expect(slot).toMatchObject({
                displayTime: formatTimeRange(slot.startTime, slot.endTime),
                memberPriceCents: prices.memberPriceCents,
                nonMemberPriceCents: prices.nonMemberPriceCents,
              });
            }
          }
        }
      }
    }
  });

  it("follows the hours when staff change them, and each answer is the caller's own", () => {
    const [first] = generateSlots(input({}));
    if (!first) throw new Error("no slot");
    first.availableFacilities = 99;
    first.freeFacilityIds.push(42);
    expect(generateSlots(input({}))[0]).toMatchObject({ availableFacilities: 3, freeFacilityIds: [1, 2, 3] });
    const later = generateSlots(input({ hours: { opensAt: "12:00", closesAt: "21:00" } }));
    expect(later[0]?.startTime).toBe("12:00");
    expect(later).toHaveLength(17);
  });
});

describe("generateSlots: prices follow the card it is given", () => {
  it("prices the same day anew under a changed card, and a special date range by its bands", () => {
    const evening = {
      ...DEFAULT_RATE_CARD.court.weekday[1],
      memberCentsPerHour: 5000,
      nonMemberCentsPerHour: 6000,
    };
    const card = {
      ...DEFAULT_RATE_CARD,
      court: {
        ...DEFAULT_RATE_CARD.court,
        weekday: [DEFAULT_RATE_CARD.court.weekday[0], evening] as typeof DEFAULT_RATE_CARD.court.weekday,
        specials: [
          {
            label: "Holiday",
            fromDate: "2026-11-24",
            toDate: "2026-11-24",
            bands: [{ from: "00:00", to: "24:00", memberCentsPerHour: 100, nonMemberCentsPerHour: 200 }],
          },
        ],
      },
    };
    const at = (i: SlotInput, start: string) => generateSlots(i).find((s) => s.startTime === start);
    expect(at(input({}), "18:00")).toMatchObject({ memberPriceCents: 4000, nonMemberPriceCents: 4500 });
    expect(at(input({ card }), "18:00")).toMatchObject({ memberPriceCents: 5000, nonMemberPriceCents: 6000 });
    expect(at(input({ card, date: "2026-11-24" }), "18:00")).toMatchObject({
      memberPriceCents: 100,
      nonMemberPriceCents: 200,
    });
    expect(at(input({ date: "2026-11-24" }), "18:00")).toMatchObject({ memberPriceCents: 4000 });
  });
});

describe("freeFacilitiesAt: one slot, the same answer as the whole day", () => {
  const time = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
    .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);
  const arbitraryInput = fc.record({
    // Today (Friday), the Saturday and Sunday with their cutoffs, a Monday, and a past day.
    date: fc.constantFrom("2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22", MONDAY),
    // Around the venue's day on that Friday (Chicago is UTC-6).
    now: fc.integer({ min: 0, max: 24 * 60 }).map((m) => new Date(Date.UTC(2026, 10, 20, 6) + m * 60_000)),
    facilityType: fc.constantFrom("court" as const, "dart_bay" as const),
    durationMinutes: fc.constantFrom(0, 30, 60, 90, 120),
    card: fc.constant(DEFAULT_RATE_CARD),
    hours: fc.option(
      fc.constantFrom(
        weekdayHours,
        { opensAt: "10:00", closesAt: "23:00" },
        { opensAt: "08:30", closesAt: "12:00" },
      ),
    ),
    facilityIds: fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { maxLength: 8 }),
    busy: fc.array(
      fc
        .record({
          facilityId: fc.integer({ min: 1, max: 8 }),
          startTime: fc
            .integer({ min: 16, max: 44 })
            .map((h) => `${String(Math.floor(h / 2)).padStart(2, "0")}:${h % 2 ? "30" : "00"}`),
          lengthSteps: fc.integer({ min: 1, max: 6 }),
        })
        .map(({ facilityId, startTime, lengthSteps }) => {
          const [h = 0, m = 0] = startTime.split(":").map(Number);
          const end = Math.min(24 * 60, h * 60 + m + lengthSteps * 30);
          const endTime = `${String(Math.floor(end / 60)).padStart(2, "0")}:${String(end % 60).padStart(2, "0")}`;
          return { facilityId, startTime, endTime };
        }),
      { maxLength: 12 },
    ),
  });

  it("matches generateSlots for any start, free or not, offered or not", () => {
    fc.assert(
      fc.property(arbitraryInput, time, (slotInput, startTime) => {
        const offered = generateSlots({ ...slotInput, busy: [] }).find((s) => s.startTime === startTime);
        const live = generateSlots(slotInput).find((s) => s.startTime === startTime);
        const expected =
          !offered || offered.freeFacilityIds.length === 0 ? null : (live?.freeFacilityIds ?? []);
        expect(freeFacilitiesAt(slotInput, startTime)).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it("names a slot only in its own spelling", () => {
    expect(freeFacilitiesAt(input({}), "17:00")).toEqual([1, 2, 3]);
    expect(freeFacilitiesAt(input({}), "17:00:00")).toBeNull();
    expect(freeFacilitiesAt(input({}), "99:00")).toBeNull();
  });
});
