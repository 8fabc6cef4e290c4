import { describe, expect, it } from "vitest";
import {
  centsFromDollarsText,
  checkDeskPrice,
  DESK_MESSAGES,
  deskTotalCents,
  isDeskPaidMethod,
  isDeskPaymentMethod,
  MAX_DESK_PRICE_CENTS,
} from "./desk-payments";

describe("checkDeskPrice (issue 32 item 4)", () => {
  it.each([0, 1, 4500, MAX_DESK_PRICE_CENTS])("accepts %i cents", (cents) => {
    expect(checkDeskPrice(cents)).toBe(cents);
  });
  it.each([-1, MAX_DESK_PRICE_CENTS + 1, 45.5, Number.NaN, Number.POSITIVE_INFINITY, "4500", null])(
    "refuses %s",
    (value) => expect(checkDeskPrice(value)).toBeNull(),
  );
  it("says the limits in dollars", () => {
    expect(DESK_MESSAGES.price).toBe("Enter a price from $0.00 to $10,000.00 in whole cents");
  });
});

describe("desk payment methods", () => {
  it("knows cash, card at the desk and unpaid, and only the first two take money", () => {
    expect(["cash", "desk_card", "unpaid"].every(isDeskPaymentMethod)).toBe(true);
    expect(isDeskPaymentMethod("bitcoin")).toBe(false);
    expect(isDeskPaidMethod("cash")).toBe(true);
    expect(isDeskPaidMethod("desk_card")).toBe(true);
    expect(isDeskPaidMethod("unpaid")).toBe(false);
  });
  it("totals a price per facility", () => {
    expect(deskTotalCents(4500, 3)).toBe(13500);
    expect(deskTotalCents(0, 2)).toBe(0);
  });
});

describe("centsFromDollarsText", () => {
  it.each([
    ["45", 4500],
    ["45.5", 4550],
    ["45.05", 4505],
    ["$1,045.50", 104550],
    [" 0 ", 0],
    ["10000.00", 1000000],
  ])("%s → %i cents", (text, cents) => expect(centsFromDollarsText(text)).toBe(cents));
  it.each(["", "abc", "-5", "4.505", "1e3", "$", "12,34"])("%s is not an amount", (text) => {
    expect(centsFromDollarsText(text)).toBeNull();
  });
});
