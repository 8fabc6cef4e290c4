import { describe, expect, it } from "vitest";
import { nextFreeSlot } from "./next-free-slot";
import type { TimeSlot } from "./slots";

const slot = (startTime: string, isAvailable: boolean): TimeSlot => ({
  startTime,
  endTime: "",
  displayTime: startTime,
  availableFacilities: isAvailable ? 1 : 0,
  freeFacilityIds: isAvailable ? [1] : [],
  isAvailable,
  memberPriceCents: 0,
  nonMemberPriceCents: 0,
});

describe("nextFreeSlot", () => {
  it.each([
    { name: "the nearest free slot", free: ["09:00", "17:30", "21:00"], wanted: "18:00", expected: "17:30" },
    { name: "the later one on a tie", free: ["17:00", "19:00"], wanted: "18:00", expected: "19:00" },
    { name: "never the slot that was lost", free: ["18:00", "20:00"], wanted: "18:00", expected: "20:00" },
    {
      name: "an earlier one when nothing later is free",
      free: ["10:00"],
      wanted: "19:00",
      expected: "10:00",
    },
  ])("$name", ({ free, wanted, expected }) => {
    const day = ["09:00", "10:00", "17:00", "17:30", "18:00", "19:00", "20:00", "21:00"].map((t) =>
      slot(t, free.includes(t)),
    );
    expect(nextFreeSlot(day, wanted)?.startTime).toBe(expected);
  });

  it("is null when the day is full", () => {
    expect(nextFreeSlot([slot("18:00", false), slot("19:00", false)], "18:00")).toBeNull();
  });
});
