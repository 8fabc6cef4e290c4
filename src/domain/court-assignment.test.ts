import { describe, expect, it } from "vitest";
import { assignFacilities, facilityTryOrder, type SlotToAssign } from "./court-assignment";

const ALL = [1, 2, 3, 4, 5, 6, 7, 8];
const slot = (startTime: string, endTime: string, freeFacilityIds = ALL, group = "court|2026-11-23") =>
  ({ group, startTime, endTime, freeFacilityIds }) satisfies SlotToAssign;

describe("assignFacilities", () => {
  it.each([
    {
      name: "issue 14: 6-7 PM and 7-8 PM stay on Court 2 when it is free for both",
      items: [slot("18:00", "19:00", [2, 3]), slot("19:00", "20:00", [1, 2, 3])],
      expected: [2, 2],
    },
    {
      name: "the order of the cart does not matter",
      items: [slot("19:00", "20:00", [1, 2, 3]), slot("18:00", "19:00", [2, 3])],
      expected: [2, 2],
    },
    {
      name: "lowest number among the facilities free for all",
      items: [slot("18:00", "19:00", [3, 5, 6]), slot("20:00", "21:00", [1, 5, 6])],
      expected: [5, 5],
    },
    {
      name: "as few as possible: no court free for all three, two courts cover them",
      items: [
        slot("17:00", "18:00", [1, 4]),
        slot("18:00", "19:00", [1, 4]),
        slot("19:00", "20:00", [2, 4, 7]),
        slot("20:00", "21:00", [2, 7]),
      ],
      expected: [4, 4, 4, 2],
    },
    {
      name: "the same slot twice takes two courts, never one",
      items: [slot("18:00", "19:00"), slot("18:00", "19:00")],
      expected: [1, 2],
    },
    {
      name: "overlapping slots of different lengths take two courts; touching ones share",
      items: [slot("18:00", "19:30"), slot("19:00", "20:00"), slot("19:30", "20:30")],
      expected: [1, 2, 1],
    },
    {
      name: "other days and the other facility type are planned on their own",
      items: [
        slot("18:00", "19:00", [3], "court|2026-11-23"),
        slot("18:00", "19:00", [1, 3], "court|2026-11-24"),
        slot("19:00", "20:00", [3, 4], "dart_bay|2026-11-23"),
      ],
      expected: [3, 1, 3],
    },
    {
      name: "an item no facility is free for gets none; the rest are still planned",
      items: [slot("18:00", "19:00", []), slot("19:00", "20:00", [6])],
      expected: [null, 6],
    },
  ])("$name", ({ items, expected }) => {
    expect(assignFacilities(items)).toEqual(expected);
  });
});

describe("facilityTryOrder", () => {
  it("tries the planned facility first, then the others from the lowest", () => {
    expect(facilityTryOrder(3, [4, 1, 3])).toEqual([3, 1, 4]);
  });
  it("falls back to the lowest free when the planned one is no longer free", () => {
    expect(facilityTryOrder(3, [4, 1])).toEqual([1, 4]);
    expect(facilityTryOrder(null, [2, 1])).toEqual([1, 2]);
  });
});
