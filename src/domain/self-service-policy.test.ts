import { describe, expect, it } from "vitest";
import {
  bookingReference,
  DEFAULT_SELF_SERVICE_POLICY,
  selfCancelDecision,
  selfCancelRefundCents,
  selfServiceText,
} from "./self-service-policy";
import { venueInstant } from "./venue-time";

const start = venueInstant("2026-11-01", "18:00"); // the autumn DST day in America/Chicago
const on = { enabled: true, hoursBefore: 24, refundPercent: 50 };

describe("self-service cancellation", () => {
  it("is off by default, which keeps the spec's call-us text", () => {
    const d = selfCancelDecision(DEFAULT_SELF_SERVICE_POLICY, start, new Date("2026-10-01T00:00:00Z"));
    expect(d).toEqual({ allowed: false, reason: "off", deadline: null });
    expect(selfServiceText(d, 100, "(512) 555-0142")).toBe(
      "To cancel or reschedule, please call us at (512) 555-0142.",
    );
  });

  it.each([
    ["a minute before the deadline", 24 * 60 + 1, true],
    ["exactly at the deadline", 24 * 60, false],
    ["an hour before the start", 60, false],
  ])("%s", (_label, minutesBefore, allowed) => {
    const now = new Date(start.getTime() - minutesBefore * 60_000);
    expect(selfCancelDecision(on, start, now).allowed).toBe(allowed);
  });

  it("names the deadline in venue time across the DST change", () => {
    const d = selfCancelDecision(on, start, new Date("2026-10-01T00:00:00Z"));
    // 24 real hours before 6:00 PM CST on Nov 1 is 7:00 PM CDT on Oct 31 (the night has 25 hours).
    expect(selfServiceText(d, 50, "(512) 555-0142")).toContain(
      "Oct 31, 2026 7:00 PM; if you cancel, you get 50%",
    );
  });

  it.each([
    [4000, 100, 4000],
    [4000, 50, 2000],
    [3333, 50, 1666],
    [4000, 0, 0],
  ])("refunds %i cents at %i%% as %i", (paid, percent, refund) => {
    expect(selfCancelRefundCents(paid, percent)).toBe(refund);
  });

  it("reads a booking reference from its id", () => {
    expect(bookingReference("3f2a9c1d-0000-4000-8000-000000000000")).toBe("BK-3F2A9C1D");
  });
});
