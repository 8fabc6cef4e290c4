import { describe, expect, it } from "vitest";
import type { EventDto } from "../../../../contracts/events";
import { DEFAULT_FILTERS, filterAdminEvents, parseAdminFilters, toSearchParams } from "./admin-event-filters";

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

const events = [
  event({ name: "Open Play" }),
  event({ name: "Old Ladder", type: "ladder", status: "completed", date: "2026-10-01" }),
  event({ name: "Corporate Mixer", isPrivate: true, date: "2026-11-24" }),
  event({ name: "Doubles Tournament", type: "tournament", date: "2026-11-24" }),
];
const names = (query: string) =>
  filterAdminEvents(events, parseAdminFilters(new URLSearchParams(query))).map((e) => e.name);

describe("admin event filters in the URL", () => {
  it("defaults to upcoming events of every category", () => {
    expect(parseAdminFilters(new URLSearchParams())).toEqual(DEFAULT_FILTERS);
    expect(names("")).toEqual(["Open Play", "Corporate Mixer", "Doubles Tournament"]);
  });

  it.each([
    ["status=completed", ["Old Ladder"]],
    ["status=all&cat=ladder", ["Old Ladder"]],
    ["cat=private", ["Corporate Mixer"]],
    ["hidePrivate=1&date=2026-11-24", ["Doubles Tournament"]],
    ["q=MIX", ["Corporate Mixer"]],
    ["cat=nonsense&status=bogus&date=2026-02-30", ["Open Play", "Corporate Mixer", "Doubles Tournament"]],
  ])("%s", (query, expected) => {
    expect(names(query)).toEqual(expected);
  });

  it("round-trips, writing only what differs from the defaults", () => {
    const filters = {
      q: "cup",
      cat: "tournament" as const,
      status: "all" as const,
      date: "2026-11-24",
      hidePrivate: true,
    };
    const params = toSearchParams(filters);
    expect(params.toString()).toBe("q=cup&cat=tournament&status=all&date=2026-11-24&hidePrivate=1");
    expect(parseAdminFilters(params)).toEqual(filters);
    expect(toSearchParams(DEFAULT_FILTERS).toString()).toBe("");
  });
});
