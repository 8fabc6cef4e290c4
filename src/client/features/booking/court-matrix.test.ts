import { describe, expect, it } from "vitest";
import type { TimeSlotDto } from "../../../contracts/booking";
import { courtMatrix, firstFreeCell, moveInGrid } from "./court-matrix";

const slot = (startTime: string, freeFacilityIds?: number[]): TimeSlotDto => ({
  startTime,
  endTime: "23:00",
  displayTime: `${startTime} - 11:00 PM`,
  availableFacilities: freeFacilityIds?.length ?? 0,
  isAvailable: (freeFacilityIds?.length ?? 0) > 0,
  memberPriceCents: 3000,
  nonMemberPriceCents: 4000,
  priceCents: 4000,
  freeFacilityIds,
});

const courts = [
  { id: 1, name: "Court 1" },
  { id: 2, name: "Court 2" },
  { id: 7, name: "Center Court" },
];

describe("courtMatrix", () => {
  it("gives one row per court in the server's order and one cell per time, free as listed", () => {
    const slots = [slot("18:00", [1, 7]), slot("18:30", [2]), slot("19:00", [])];
    const rows = courtMatrix(slots, courts);
    expect(rows.map((r) => r.name)).toEqual(["Court 1", "Court 2", "Center Court"]);
    expect(rows.map((r) => r.cells.map((c) => c.free))).toEqual([
      [true, false, false],
      [false, true, false],
      [true, false, false],
    ]);
    expect(rows[2]?.cells[0]?.slot).toBe(slots[0]);
  });

  it("reads a slot without its free list as taken, and any number of courts (none included)", () => {
    expect(courtMatrix([slot("18:00")], courts).every((r) => r.cells[0]?.free === false)).toBe(true);
    expect(courtMatrix([slot("18:00", [1])], [])).toEqual([]);
    const many = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `Bay ${i + 1}` }));
    expect(courtMatrix([slot("18:00", [12])], many)[11]?.cells[0]?.free).toBe(true);
  });
});

describe("firstFreeCell", () => {
  it("finds the first free cell row by row, else the first cell", () => {
    const rows = courtMatrix([slot("18:00", [2]), slot("18:30", [1])], courts);
    expect(firstFreeCell(rows)).toEqual([0, 1]);
    expect(firstFreeCell(courtMatrix([slot("18:00", [])], courts))).toEqual([0, 0]);
    expect(firstFreeCell([])).toEqual([0, 0]);
  });
});

describe("moveInGrid", () => {
  it("moves one cell per arrow and stops at the edges", () => {
    expect(moveInGrid([1, 1], "ArrowRight", false, 3, 4)).toEqual([1, 2]);
    expect(moveInGrid([1, 1], "ArrowLeft", false, 3, 4)).toEqual([1, 0]);
    expect(moveInGrid([1, 1], "ArrowDown", false, 3, 4)).toEqual([2, 1]);
    expect(moveInGrid([1, 1], "ArrowUp", false, 3, 4)).toEqual([0, 1]);
    expect(moveInGrid([2, 3], "ArrowDown", false, 3, 4)).toEqual([2, 3]);
    expect(moveInGrid([0, 0], "ArrowLeft", false, 3, 4)).toEqual([0, 0]);
  });

  it("jumps to the row's ends with Home and End, to the grid's corners with Ctrl", () => {
    expect(moveInGrid([1, 2], "Home", false, 3, 4)).toEqual([1, 0]);
    expect(moveInGrid([1, 2], "End", false, 3, 4)).toEqual([1, 3]);
    expect(moveInGrid([1, 2], "Home", true, 3, 4)).toEqual([0, 0]);
    expect(moveInGrid([1, 2], "End", true, 3, 4)).toEqual([2, 3]);
    expect(moveInGrid([1, 2], "a", false, 3, 4)).toBeNull();
  });
});
