import { describe, expect, it } from "vitest";
import { DEFAULT_BOOKING_RULES as RULES } from "./booking-rules";
import { checkBookingDate, maxBookingDate } from "./booking-window";

const at = (iso: string) => new Date(iso);

describe("maxBookingDate", () => {
  it.each([
    ["2026-11-23T15:00:00Z", false, "2026-12-03"],
    ["2026-11-23T15:00:00Z", true, "2026-12-07"],
    // 23:30 in Chicago on Oct 31 is already Nov 1 in UTC: the venue date still rules.
    ["2026-11-01T04:30:00Z", false, "2026-11-10"],
    ["2026-11-01T04:30:00Z", true, "2026-11-14"],
    ["2026-03-08T21:00:00Z", false, "2026-03-18"],
    ["2026-02-25T22:00:00Z", true, "2026-03-11"],
  ])("now %s, member %s → %s", (now, member, max) => {
    expect(maxBookingDate(at(now), member, RULES)).toBe(max);
  });
});

describe("checkBookingDate", () => {
  const now = at("2026-11-01T21:30:00Z"); // Sunday 2026-11-01, 3:30 PM in Chicago (DST just ended)

  it.each([
    ["2026-11-01", false],
    ["2026-11-01", true],
    ["2026-11-11", false],
    ["2026-11-15", true],
  ])("%s is bookable (member %s)", (date, member) => {
    expect(checkBookingDate(date, now, member, RULES)).toEqual({ ok: true });
  });

  it.each([
    ["2026-10-31", false],
    ["2026-10-31", true],
    ["2026-01-01", true],
  ])("%s is in the past (member %s)", (date, member) => {
    expect(checkBookingDate(date, now, member, RULES)).toEqual({
      ok: false,
      code: "PAST_DATE",
      message: "You cannot book for past days",
      resetTo: "2026-11-01",
    });
  });

  it.each([
    ["2026-11-12", false, "You can only book up to 10 days in advance", "2026-11-11"],
    ["2026-11-15", false, "You can only book up to 10 days in advance", "2026-11-11"],
    ["2026-11-16", true, "You can only book up to 14 days in advance", "2026-11-15"],
    ["2027-01-01", true, "You can only book up to 14 days in advance", "2026-11-15"],
  ])("%s is too far (member %s)", (date, member, message, resetTo) => {
    expect(checkBookingDate(date, now, member, RULES)).toEqual({
      ok: false,
      code: "TOO_FAR",
      message,
      resetTo,
    });
  });

  it("uses the venue's date late in the evening", () => {
    const lateSaturday = at("2026-03-08T05:30:00Z"); // Sat 2026-03-07 23:30 CST
    expect(checkBookingDate("2026-03-07", lateSaturday, false, RULES)).toEqual({ ok: true });
    expect(checkBookingDate("2026-03-17", lateSaturday, false, RULES)).toEqual({ ok: true });
    expect(checkBookingDate("2026-03-18", lateSaturday, false, RULES)).toMatchObject({ code: "TOO_FAR" });
  });
});
