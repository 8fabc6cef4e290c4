import { describe, expect, it } from "vitest";
import { FACILITY_MESSAGES } from "./facilities";

describe("FACILITY_MESSAGES.hasUpcoming", () => {
  it("names what is to come and what to do about it, bookings and events apart", () => {
    expect(FACILITY_MESSAGES.hasUpcoming("court", "Court 5", { bookings: 1, events: 0 })).toBe(
      "Court 5 still has 1 booking to come: move or cancel the booking first, then deactivate the court.",
    );
    expect(FACILITY_MESSAGES.hasUpcoming("dart_bay", "Oche 2", { bookings: 3, events: 0 })).toBe(
      "Oche 2 still has 3 bookings to come: move or cancel the bookings first, then deactivate the dart bay.",
    );
    expect(FACILITY_MESSAGES.hasUpcoming("court", "Court 8", { bookings: 0, events: 2 })).toBe(
      "Court 8 still has 2 events to come: move the events to another court under Events first, then deactivate the court.",
    );
    expect(FACILITY_MESSAGES.hasUpcoming("court", "Court 8", { bookings: 2, events: 1 })).toBe(
      "Court 8 still has 2 bookings and 1 event to come: move or cancel the bookings, and move the event " +
        "to another court under Events first, then deactivate the court.",
    );
  });
});
