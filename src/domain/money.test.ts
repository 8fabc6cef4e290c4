import { describe, expect, it } from "vitest";
import { centsToDollarsString, dollarsToCents, formatCents, formatPriceShort } from "./money";

describe("formatting cents", () => {
  it.each([
    [0, "0.00", "$0.00", "$0"],
    [5, "0.05", "$0.05", "$0.05"],
    [1500, "15.00", "$15.00", "$15"],
    [4500, "45.00", "$45.00", "$45"],
    [6750, "67.50", "$67.50", "$67.50"],
    [11250, "112.50", "$112.50", "$112.50"],
    [85000, "850.00", "$850.00", "$850"],
    [123450, "1234.50", "$1,234.50", "$1,234.50"],
    [100000000, "1000000.00", "$1,000,000.00", "$1,000,000"],
    [-500, "-5.00", "-$5.00", "-$5"],
  ])("%i cents → %s / %s / %s", (cents, plain, full, short) => {
    expect(centsToDollarsString(cents)).toBe(plain);
    expect(formatCents(cents)).toBe(full);
    expect(formatPriceShort(cents)).toBe(short);
  });

  it("refuses fractional cents", () => {
    expect(() => formatCents(67.5)).toThrow(RangeError);
  });
});

describe("dollarsToCents", () => {
  it.each([
    ["67.50", 6750],
    ["67.5", 6750],
    [67.5, 6750],
    ["45", 4500],
    [0, 0],
    ["0.01", 1],
    [1.005, 101],
    ["112.504", 11250],
    [".5", 50],
    ["-5.00", -500],
  ])("%j → %i", (value, cents) => {
    expect(dollarsToCents(value)).toBe(cents);
  });

  it.each([["abc"], [""], ["1e3"], ["."], ["1.2.3"]])("%j is not an amount", (value) => {
    expect(() => dollarsToCents(value)).toThrow(RangeError);
  });
});
