import { describe, expect, it } from "vitest";
import {
  adminTimeSlots,
  endTimeOf,
  isAdminSlot,
  isVenueHoursSlot,
  timelinePlacement,
  venueHoursSlots,
} from "./admin-schedule";

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

describe("venueHoursSlots (issue 14: the edit dialog offers only the venue's hours)", () => {
  const NINE_TO_NINE = { opensAt: "09:00", closesAt: "21:00" };
  it.each([
    [60, NINE_TO_NINE, "9:00 AM - 10:00 AM", "8:00 PM - 9:00 PM", 23],
    [90, NINE_TO_NINE, "9:00 AM - 10:30 AM", "7:30 PM - 9:00 PM", 22],
    [30, { opensAt: "10:30", closesAt: "21:00" }, "10:30 AM - 11:00 AM", "8:30 PM - 9:00 PM", 21],
    [180, { opensAt: "09:00", closesAt: "22:00" }, "9:00 AM - 12:00 PM", "7:00 PM - 10:00 PM", 21],
  ])("%i min within %j: %s … %s (%i starts)", (duration, hours, first, last, n) => {
    const slots = venueHoursSlots(duration, hours);
    expect(slots[0]?.displayTime).toBe(first);
    expect(slots.at(-1)?.displayTime).toBe(last);
    expect(slots).toHaveLength(n);
  });
  it("offers nothing on a closed day", () => {
    expect(venueHoursSlots(60, null)).toEqual([]);
  });
  it("checks a start against the hours", () => {
    expect(isVenueHoursSlot("08:00", 60, NINE_TO_NINE)).toBe(false);
    expect(isVenueHoursSlot("09:00", 60, NINE_TO_NINE)).toBe(true);
    expect(isVenueHoursSlot("20:00", 60, NINE_TO_NINE)).toBe(true);
    expect(isVenueHoursSlot("20:30", 60, NINE_TO_NINE)).toBe(false);
    expect(isVenueHoursSlot("22:00", 60, NINE_TO_NINE)).toBe(false);
  });
});
