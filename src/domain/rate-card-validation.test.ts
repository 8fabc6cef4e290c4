import { describe, expect, it } from "vitest";
import { DEFAULT_RATE_CARD, type PriceBand, type RateCard } from "./rate-card";
import { validateRateCard, type WeekHours } from "./rate-card-validation";

// SPEC §9 Venue hours (footer), by weekday, 0 = Sunday.
const HOURS: WeekHours = {
  0: { opensAt: "10:30", closesAt: "21:00" },
  1: { opensAt: "09:00", closesAt: "21:00" },
  2: { opensAt: "09:00", closesAt: "21:00" },
  3: { opensAt: "09:00", closesAt: "21:00" },
  4: { opensAt: "09:00", closesAt: "21:00" },
  5: { opensAt: "09:00", closesAt: "22:00" },
  6: { opensAt: "09:00", closesAt: "22:00" },
};
const band = (from: string, to: string, member = 2000, nonMember = 2500): PriceBand => ({
  from,
  to,
  memberCentsPerHour: member,
  nonMemberCentsPerHour: nonMember,
});
const withCourt = (court: Partial<RateCard["court"]>): RateCard => ({
  ...DEFAULT_RATE_CARD,
  court: { ...DEFAULT_RATE_CARD.court, ...court },
});
const messages = (card: RateCard, hours = HOURS) => validateRateCard(card, hours).map((p) => p.message);

describe("validateRateCard", () => {
  it("accepts the spec's card", () => {
    expect(validateRateCard(DEFAULT_RATE_CARD, HOURS)).toEqual([]);
  });

  it("accepts bands that cover only the opening hours, and a gap while the venue is closed", () => {
    expect(messages(withCourt({ weekday: [band("09:00", "17:00"), band("17:00", "22:00")] }))).toEqual([]);
    expect(
      messages(withCourt({ weekday: [band("09:00", "12:00"), band("13:00", "22:00")] }), {
        ...HOURS,
        1: { opensAt: "13:00", closesAt: "21:00" },
        2: null,
        3: null,
        4: null,
        5: { opensAt: "09:00", closesAt: "12:00" },
      }),
    ).toEqual([]);
  });

  it("refuses overlapping bands", () => {
    expect(messages(withCourt({ weekday: [band("00:00", "17:30"), band("17:00", "24:00")] }))).toEqual([
      "Court weekday prices: the bands 12:00 AM–5:30 PM and 5:00 PM–12:00 AM overlap",
    ]);
  });

  it("refuses a gap inside opening hours, naming it and the day", () => {
    expect(messages(withCourt({ weekday: [band("00:00", "12:00"), band("13:00", "24:00")] }))).toEqual([
      "Court weekday prices: no price from 12:00 PM to 1:00 PM, when the venue is open on Monday",
    ]);
    expect(messages(withCourt({ weekend: [band("10:30", "21:00")] }))).toEqual([
      "Court weekend prices: no price from 9:00 AM to 10:30 AM, when the venue is open on Saturday",
    ]);
    expect(messages(withCourt({ weekday: [band("09:00", "21:00")] }))).toEqual([
      "Court weekday prices: no price from 9:00 PM to 10:00 PM, when the venue is open on Friday",
    ]);
  });

  it.each([
    [-1, "negative"],
    [1_000_001, "over $10,000"],
    [12.5, "a fraction of a cent"],
  ])("refuses a price of %s cents (%s)", (cents) => {
    expect(messages(withCourt({ weekend: [band("00:00", "24:00", 4000, cents)] }))).toEqual([
      "Court weekend prices: prices must be between $0 and $10,000 an hour",
    ]);
  });

  it("accepts $0 and exactly $10,000 an hour", () => {
    expect(messages(withCourt({ weekend: [band("00:00", "24:00", 0, 1_000_000)] }))).toEqual([]);
  });

  it("refuses a band that ends before it starts, bad times, no bands", () => {
    expect(messages(withCourt({ weekend: [band("00:00", "12:00"), band("18:00", "12:00")] }))[0]).toBe(
      "Court weekend prices: the band from 6:00 PM must end after it starts",
    );
    expect(messages(withCourt({ weekend: [band("0:00", "24:00")] }))).toEqual([
      "Court weekend prices: band times must be HH:MM between 00:00 and 24:00",
    ]);
    expect(messages(withCourt({ weekend: [] }))).toEqual([
      "Court weekend prices: add at least one price band",
    ]);
  });

  it("checks the durations offered", () => {
    expect(messages(withCourt({ durations: [] }))).toContain("Court: offer at least one duration");
    expect(messages(withCourt({ durations: [60, 45] }))).toContain(
      "Court: durations are 30 to 240 minutes in 30-minute steps",
    );
    expect(messages(withCourt({ durations: [90, 120], defaultDuration: 60 }))).toContain(
      "Court: the default duration must be one offered",
    );
  });

  it("checks special prices: a name, ordered dates, no overlap, every open minute of their days", () => {
    const special = {
      label: "Holiday",
      fromDate: "2026-12-24",
      toDate: "2026-12-26",
      bands: [band("00:00", "24:00")],
    };
    expect(messages(withCourt({ specials: [special] }))).toEqual([]);
    expect(messages(withCourt({ specials: [{ ...special, label: " " }] }))).toEqual([
      "Court: name each special price",
    ]);
    expect(messages(withCourt({ specials: [{ ...special, toDate: "2026-12-23" }] }))).toEqual([
      'Court special price "Holiday": the last day must not be before the first',
    ]);
    expect(
      messages(
        withCourt({ specials: [special, { ...special, label: "Boxing Day", fromDate: "2026-12-26" }] }),
      ),
    ).toEqual(['Court special price "Boxing Day": its dates overlap "Holiday"']);
    // 2026-12-27 is a Sunday: opens 10:30, so a band from 10:30 covers it; the 26th is a Saturday.
    expect(
      messages(
        withCourt({
          specials: [
            { ...special, fromDate: "2026-12-27", toDate: "2026-12-27", bands: [band("10:30", "21:00")] },
          ],
        }),
      ),
    ).toEqual([]);
    expect(messages(withCourt({ specials: [{ ...special, bands: [band("10:30", "21:00")] }] }))).toEqual([
      'Court special price "Holiday": no price from 9:00 AM to 10:30 AM, when the venue is open on Thursday',
    ]);
  });
});
