import { describe, expect, it } from "vitest";
import {
  type BookingRules,
  DEFAULT_BOOKING_RULES,
  freeBookingRulesText,
  freeWindowsText,
  membershipBenefits,
  validateBookingRules,
} from "./booking-rules";
import { checkBookingDate } from "./booking-window";
import { isFreeSlotStart, offersFreeSlots } from "./free-booking";
import { DEFAULT_RATE_CARD, type RateCard } from "./rate-card";

const rules = (overrides: Partial<BookingRules>): BookingRules => ({
  ...DEFAULT_BOOKING_RULES,
  ...overrides,
});

describe("the default rules are the spec's", () => {
  it("lists SPEC §9's seven benefits word for word", () => {
    expect(membershipBenefits(DEFAULT_BOOKING_RULES, DEFAULT_RATE_CARD)).toEqual([
      "2 free 2-hour court reservations per week (Monday–Thursday 8am–5pm, Friday 8am–3pm)",
      "Priority booking 14 days ahead",
      "$5 off per court per hour",
      "Member pricing for leagues, tournaments, rentals, gear and merchandise",
      "Free paddle rentals",
      "Free open play",
      "Member-only event invites",
    ]);
  });

  it("writes the member page's rules box", () => {
    expect(freeBookingRulesText(DEFAULT_BOOKING_RULES)).toEqual([
      "2 free 2-hour court reservations per week (weeks run Monday to Sunday)",
      "Monday–Thursday between 8am and 5pm, Friday between 8am and 3pm",
      "Book up to 14 days ahead",
    ]);
  });

  it("is valid", () => {
    expect(validateBookingRules(DEFAULT_BOOKING_RULES)).toEqual([]);
  });
});

describe("other rules change the texts and the checks", () => {
  const other = rules({
    guestHorizonDays: 7,
    memberHorizonDays: 21,
    freeBookingsPerWeek: 1,
    freeBookingMinutes: 90,
    freeWindows: {
      1: { from: "06:30", to: "12:00" },
      3: { from: "06:30", to: "12:00" },
      6: { from: "08:00", to: "10:00" },
    },
  });

  it("groups only consecutive days with the same window", () => {
    expect(freeWindowsText(other)).toBe("Monday 6:30am–12pm, Wednesday 6:30am–12pm, Saturday 8am–10am");
  });

  it("follows the count, length, horizon and the card's member discount", () => {
    const card: RateCard = {
      ...DEFAULT_RATE_CARD,
      court: {
        ...DEFAULT_RATE_CARD.court,
        weekend: [{ from: "00:00", to: "24:00", memberCentsPerHour: 3000, nonMemberCentsPerHour: 3750 }],
      },
    };
    const benefits = membershipBenefits(other, card);
    expect(benefits.slice(0, 3)).toEqual([
      "1 free 90-minute court reservation per week (Monday 6:30am–12pm, Wednesday 6:30am–12pm, Saturday 8am–10am)",
      "Priority booking 21 days ahead",
      "Member prices on courts",
    ]);
    expect(membershipBenefits(rules({ freeBookingsPerWeek: 0 }), DEFAULT_RATE_CARD)[0]).toBe(
      "Priority booking 14 days ahead",
    );
  });

  it("allows free bookings only inside a window, for the whole length", () => {
    expect(isFreeSlotStart(other, "2026-11-23", "06:30")).toBe(true); // Monday
    expect(isFreeSlotStart(other, "2026-11-23", "10:30")).toBe(true); // ends 12:00
    expect(isFreeSlotStart(other, "2026-11-23", "11:00")).toBe(false);
    expect(isFreeSlotStart(other, "2026-11-24", "08:00")).toBe(false); // Tuesday: none
    expect(offersFreeSlots(other, "2026-11-28")).toBe(true); // Saturday
    expect(offersFreeSlots(rules({ freeBookingsPerWeek: 0 }), "2026-11-23")).toBe(false);
  });

  it("moves the booking windows", () => {
    const now = new Date("2026-11-23T15:00:00Z");
    expect(checkBookingDate("2026-11-30", now, false, other)).toEqual({ ok: true });
    expect(checkBookingDate("2026-12-01", now, false, other)).toMatchObject({
      message: "You can only book up to 7 days in advance",
      resetTo: "2026-11-30",
    });
    expect(checkBookingDate("2026-12-14", now, true, other)).toEqual({ ok: true });
  });
});

describe("validateBookingRules", () => {
  it.each([
    [{ guestHorizonDays: 0 }, "Guests can book from 1 to 365 days ahead"],
    [{ memberHorizonDays: 366 }, "Members can book from 1 to 365 days ahead"],
    [{ guestHorizonDays: 2.5 }, "Guests can book from 1 to 365 days ahead"],
    [{ holdMinutes: 4 }, "The payment hold lasts from 5 to 60 minutes"],
    [{ holdMinutes: 61 }, "The payment hold lasts from 5 to 60 minutes"],
    [{ freeBookingsPerWeek: -1 }, "Free bookings per week are from 0 to 14"],
    [{ freeBookingMinutes: 45 }, "A free booking lasts 30 to 240 minutes in 30-minute steps"],
    [
      { freeWindows: { 5: { from: "08:00", to: "09:30" } } },
      "Friday: the window must be at least as long as a free booking (120 minutes)",
    ],
    [{ freeWindows: { 5: { from: "8:00", to: "17:00" } } }, "Friday: the window's times must be HH:MM"],
    [{ freeWindows: { 7: { from: "08:00", to: "17:00" } } }, "Free booking windows are set per weekday"],
  ])("%j → %s", (overrides, message) => {
    expect(validateBookingRules(rules(overrides)).map((p) => p.message)).toEqual([message]);
  });

  it("accepts a horizon of exactly 1 and 365 days", () => {
    expect(validateBookingRules(rules({ guestHorizonDays: 1, memberHorizonDays: 365 }))).toEqual([]);
  });
});
