import { describe, expect, it } from "vitest";
import { type SplitReservation, slotsLeftBehind, splitWarning } from "./booking-split";

const slot = (overrides: Partial<SplitReservation>): SplitReservation => ({
  id: "a",
  holdId: "h1",
  facilityId: 3,
  facilityName: "Court 3",
  startTime: "16:00",
  endTime: "17:00",
  displayTime: "4:00 PM - 5:00 PM",
  duration: 60,
  status: "confirmed",
  ...overrides,
});
const first = slot({});
const second = slot({ id: "b", startTime: "17:00", endTime: "18:00", displayTime: "5:00 PM - 6:00 PM" });
const stranger = slot({ id: "c", holdId: "h2", startTime: "17:00", endTime: "18:00", facilityId: 4 });
const day = [first, second, stranger];

describe("slotsLeftBehind: does a staff move split one booking?", () => {
  it.each([
    ["the first hour to another court", first, { facilityId: 5, startTime: "16:00" }, ["b"]],
    ["the second hour to another court", second, { facilityId: 5, startTime: "17:00" }, ["a"]],
    ["the first hour an hour earlier on the same court", first, { facilityId: 3, startTime: "15:00" }, ["b"]],
    [
      "the second hour a step later, same court (no longer back to back)",
      second,
      { facilityId: 3, startTime: "17:30" },
      ["a"],
    ],
    ["a reassignment to the same court and time", first, { facilityId: 3, startTime: "16:00" }, []],
  ] as const)("%s", (_, target, move, left) => {
    expect(slotsLeftBehind(target, move, day).map((r) => r.id)).toEqual(left);
  });

  it("a single-slot booking, a staff booking without a hold and a cancelled sibling never warn", () => {
    const alone = slot({ id: "x", holdId: "solo" });
    expect(slotsLeftBehind(alone, { facilityId: 1, startTime: "09:00" }, [alone, ...day])).toEqual([]);
    const manual = slot({ id: "m", holdId: null });
    expect(slotsLeftBehind(manual, { facilityId: 1, startTime: "16:00" }, [manual, second])).toEqual([]);
    const cancelled = { ...second, status: "cancelled" as const };
    expect(slotsLeftBehind(first, { facilityId: 5, startTime: "16:00" }, [first, cancelled])).toEqual([]);
  });

  it("the warning names where the rest of the booking stays", () => {
    expect(splitWarning([second], "court")).toBe(
      "This booking continues on Court 3 at 5:00 PM - 6:00 PM. Moving only this part splits one booking across courts or times; move the other part too to keep it together.",
    );
    expect(splitWarning([], "court")).toBeNull();
  });
});
