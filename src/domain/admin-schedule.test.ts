import { describe, expect, it } from "vitest";
import { adminTimeSlots, endTimeOf, isAdminSlot, timelinePlacement } from "./admin-schedule";

describe("adminTimeSlots (SPEC §5 Admin edit reservation)", () => {
  it.each([
    [30, 30, "08:00", "22:30"],
    [60, 29, "08:00", "22:00"],
    [90, 28, "08:00", "21:30"],
    [180, 25, "08:00", "20:00"],
  ])("%i minutes: %i slots from %s to %s, each ending by 23:00", (duration, count, first, last) => {
    const slots = adminTimeSlots(duration);
    expect(slots).toHaveLength(count);
    expect(slots[0]?.startTime).toBe(first);
    expect(slots.at(-1)?.startTime).toBe(last);
    expect(slots.every((s) => s.endTime <= "23:00")).toBe(true);
  });

  it("labels slots as h:mm AM - h:mm PM", () => {
    expect(adminTimeSlots(60)[4]).toEqual({
      startTime: "10:00",
      endTime: "11:00",
      displayTime: "10:00 AM - 11:00 AM",
    });
  });

  it("accepts only starts on the list", () => {
    expect(isAdminSlot("08:00", 60)).toBe(true);
    expect(isAdminSlot("22:00", 60)).toBe(true);
    expect(isAdminSlot("22:30", 60)).toBe(false);
    expect(isAdminSlot("07:30", 30)).toBe(false);
    expect(isAdminSlot("09:15", 30)).toBe(false);
  });

  it("computes the end from the start and the duration", () => {
    expect(endTimeOf("16:30", 90)).toBe("18:00");
  });
});

describe("timelinePlacement (SPEC §9: 8 AM across 15 hour columns)", () => {
  it("places a block by its times", () => {
    expect(timelinePlacement("08:00", "09:00")).toEqual({ left: 0, width: 1 / 15 });
    expect(timelinePlacement("17:30", "19:00")).toEqual({ left: 9.5 / 15, width: 1.5 / 15 });
  });

  it("clips to the visible window and drops what lies outside", () => {
    expect(timelinePlacement("07:00", "09:00")).toEqual({ left: 0, width: 1 / 15 });
    expect(timelinePlacement("22:30", "23:59")).toEqual({ left: 14.5 / 15, width: 0.5 / 15 });
    expect(timelinePlacement("06:00", "07:30")).toBeNull();
  });
});
