import { describe, expect, it } from "vitest";
import { DEFAULT_WAITLIST_OFFER_MINUTES, freePlaces, offerEndsAt } from "./waitlist";

describe("waitlist rules", () => {
  it("offers hold a place for 2 hours by default", () => {
    const now = new Date("2026-11-18T15:00:00Z");
    expect(offerEndsAt(now, DEFAULT_WAITLIST_OFFER_MINUTES).toISOString()).toBe("2026-11-18T17:00:00.000Z");
  });

  it.each([
    [16, 16, 0, 0],
    [16, 14, 1, 1],
    [16, 10, 0, 6],
    [4, 5, 0, 0], // over capacity after a staff offer: never negative
  ])("capacity %i with %i confirmed and %i held leaves %i free", (max, confirmed, held, free) => {
    expect(freePlaces(max, { confirmed, held })).toBe(free);
  });
});
