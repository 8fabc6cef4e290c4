import { describe, expect, it } from "vitest";
import {
  addSkillLevel,
  checkEventForm,
  EVENT_FORM_MESSAGES,
  keepOfferedCourts,
  offeredCourts,
} from "./event-form";

const valid = {
  name: "Ladder",
  type: "ladder" as const,
  date: "2026-11-23",
  startTime: "17:00",
  endTime: "19:00",
  courts: [1],
  maxParticipants: 16,
  memberPriceCents: 0,
  nonMemberPriceCents: 0,
};

describe("checkEventForm (SPEC §5 Event create and edit)", () => {
  it.each([
    [{ name: " " }, "Event name is required"],
    [{ date: "" }, "Date is required"],
    [{ startTime: "" }, "Start time and end time are required"],
    [{ endTime: "17:00" }, "End time must be after start time"],
    [{ maxParticipants: 0 }, "Maximum participants must be at least 1"],
    [{ memberPriceCents: -1 }, "Prices must be at least 0"],
    [{ courts: [] }, "Please select at least one court"],
    [{ courts: [], type: "foodie" as const }, null],
    [{}, null],
  ])("%j → %s", (overrides, message) => {
    expect(checkEventForm({ ...valid, ...overrides })).toBe(message);
  });

  it("words the messages as the spec does", () => {
    expect(EVENT_FORM_MESSAGES.reserved("2026-12-07")).toBe(
      "One or more selected courts are already reserved on 2026-12-07",
    );
    expect(EVENT_FORM_MESSAGES.inUse(null)).toBe(
      "One or more selected courts are already in use for another event on this date",
    );
    expect(EVENT_FORM_MESSAGES.created(1)).toBe("1 event created successfully");
    expect(EVENT_FORM_MESSAGES.created(4)).toBe("4 events created successfully");
  });
});

describe("offeredCourts (SPEC §5 Courts offered)", () => {
  const window = { startTime: "17:00", endTime: "19:00" };
  it("removes courts of overlapping reservations and other events; touching times do not overlap", () => {
    const bookings = [
      { courtId: 1, startTime: "16:00", endTime: "17:00" }, // ends as we start
      { courtId: 2, startTime: "18:30", endTime: "19:30" },
    ];
    const events = [
      { id: "a", courts: [3, 4], startTime: "18:00", endTime: "20:00" },
      { id: "b", courts: [5], startTime: "19:00", endTime: "21:00" }, // starts as we end
      { id: "self", courts: [6], startTime: "17:00", endTime: "19:00" },
    ];
    const spec = [1, 2, 3, 4, 5, 6, 7, 8];
    expect(offeredCourts(spec, window, bookings, events)).toEqual([1, 5, 7, 8]);
    expect(offeredCourts(spec, window, bookings, events, "self")).toEqual([1, 5, 6, 7, 8]);
  });

  it("offers the venue's active courts in its order, however many (issue 31)", () => {
    expect(
      offeredCourts([9, 2, 12], window, [{ courtId: 2, startTime: "17:30", endTime: "18:00" }], []),
    ).toEqual([9, 12]);
  });

  it("drops selected courts that are no longer offered (edit)", () => {
    expect(keepOfferedCourts([2, 6, 7], [1, 5, 6, 7, 8])).toEqual([6, 7]);
  });
});

describe("addSkillLevel", () => {
  it("adds trimmed, non-empty, new levels only", () => {
    expect(addSkillLevel(["3.0"], "  3.5 ")).toEqual(["3.0", "3.5"]);
    expect(addSkillLevel(["3.0"], "   ")).toEqual(["3.0"]);
    expect(addSkillLevel(["3.0"], "3.0")).toEqual(["3.0"]);
  });
});
