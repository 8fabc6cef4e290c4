import { describe, expect, it } from "vitest";
import type { EventDto } from "../../../contracts/events";
import {
  calendarDays,
  emptyMessage,
  filterEvents,
  NO_FILTERS,
  TYPE_CHIPS,
  toggleType,
} from "./event-filters";

const event = (overrides: Partial<EventDto>): EventDto => ({
  id: overrides.name ?? "e",
  name: "Event",
  description: null,
  type: "open_play",
  date: "2026-11-23",
  startTime: "18:00",
  endTime: "20:00",
  courts: [1],
  maxParticipants: 16,
  currentParticipants: 0,
  isFull: false,
  joinWaitlist: false,
  memberPriceCents: 0,
  nonMemberPriceCents: 0,
  isPrivate: false,
  isPartnered: false,
  hideParticipants: false,
  skillLevels: [],
  photoUrl: null,
  status: "upcoming",
  ...overrides,
});

// Wed 18 Nov 2026, 9:00 AM in the venue.
const NOW = new Date("2026-11-18T15:00:00Z");
const events = [
  event({ name: "Wednesday Open Play", date: "2026-11-18" }),
  event({ name: "Saturday Ladder", type: "ladder", date: "2026-11-21" }),
  event({ name: "Sunday Tournament", type: "tournament", date: "2026-11-22" }),
  event({ name: "Monday League", type: "league", date: "2026-11-23" }),
  event({ name: "Next Sunday Social", type: "foodie", date: "2026-11-29" }),
  event({ name: "December Tournament", type: "tournament", date: "2026-12-02" }),
];
const names = (f: Partial<typeof NO_FILTERS>) =>
  filterEvents(events, { ...NO_FILTERS, ...f }, NOW).map((e) => e.name);

describe("filterEvents", () => {
  it.each([
    ["all", 6],
    ["today", 1],
    ["this_week", 3],
    ["this_weekend", 2],
    ["next_week", 2],
  ] as const)("the %s chip keeps %i", (range, n) => {
    expect(names({ range })).toHaveLength(n);
  });

  it("this weekend is Saturday and Sunday of this week; next week runs Monday to Sunday", () => {
    expect(names({ range: "this_weekend" })).toEqual(["Saturday Ladder", "Sunday Tournament"]);
    expect(names({ range: "next_week" })).toEqual(["Monday League", "Next Sunday Social"]);
  });

  it("searches names case-insensitively and combines with type and day", () => {
    expect(names({ search: "  tournament " })).toEqual(["Sunday Tournament", "December Tournament"]);
    expect(names({ search: "tournament", range: "this_week" })).toEqual(["Sunday Tournament"]);
    expect(names({ type: "tournament", day: "2026-12-02" })).toEqual(["December Tournament"]);
  });
});

describe("type chips", () => {
  it("are in SPEC §2's order", () => {
    expect(TYPE_CHIPS.map((c) => c.label)).toEqual([
      "Tournaments",
      "Leagues",
      "Ladders",
      "Open Play",
      "Classes",
      "Foodie",
    ]);
  });
  it("toggle off on a second click", () => {
    expect(toggleType(null, "ladder")).toBe("ladder");
    expect(toggleType("ladder", "ladder")).toBeNull();
    expect(toggleType("ladder", "league")).toBe("league");
  });
});

describe("emptyMessage (SPEC §2)", () => {
  it.each([
    [{ search: "zumba" }, 'No events found matching "zumba"'],
    [{ type: "classes" as const }, "No upcoming Classes events scheduled"],
    [{ type: "open_play" as const }, "No upcoming Open Play events scheduled"],
    [{ range: "this_weekend" as const }, "No events scheduled for this weekend"],
    [{ range: "today" as const }, "No events scheduled for today"],
    [{}, "No upcoming events scheduled"],
  ])("%j → %s", (f, message) => {
    expect(emptyMessage({ ...NO_FILTERS, ...f })).toBe(message);
  });

  it("names the calendar day", () => {
    expect(emptyMessage({ ...NO_FILTERS, day: "2026-11-24" }, "Tuesday, November 24th")).toBe(
      "No events scheduled for Tuesday, November 24th",
    );
  });
});

describe("calendarDays", () => {
  it("lists 30 days from today, across the month end", () => {
    const days = calendarDays("2026-11-18");
    expect(days).toHaveLength(30);
    expect(days[0]).toBe("2026-11-18");
    expect(days.at(-1)).toBe("2026-12-17");
  });
});
