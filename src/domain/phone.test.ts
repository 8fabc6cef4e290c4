import { describe, expect, it } from "vitest";
import { displayPhoneOr, formatPhoneForDisplay, INVALID_PHONE_MESSAGE, normalizeUsPhone } from "./phone";

describe("normalizeUsPhone", () => {
  it.each([
    ["", null],
    ["   ", null],
    ["3125550100", "+13125550100"],
    ["(312) 555-0100", "+13125550100"],
    ["312.555.0100", "+13125550100"],
    ["13125550100", "+13125550100"],
    ["+1 312 555 0100", "+13125550100"],
    ["1-312-555-0100", "+13125550100"],
    [" 312 555 0100 ", "+13125550100"],
  ])("%j is stored as %j", (input, value) => {
    expect(normalizeUsPhone(input)).toEqual({ ok: true, value });
  });

  it.each([
    ["555-0100"], // 7 digits
    ["312555010"], // 9 digits
    ["23125550100"], // 11 digits not starting with 1
    ["+44 20 7946 0958"], // 12 digits
    ["131255501000"],
    ["phone"],
  ])("%j is rejected", (input) => {
    expect(normalizeUsPhone(input)).toEqual({ ok: false });
  });
});

describe("INVALID_PHONE_MESSAGE", () => {
  it("names the example phone", () => {
    expect(INVALID_PHONE_MESSAGE("(312) 555-0100")).toBe(
      "Invalid phone number. Please enter a valid 10-digit US phone number (e.g. (312) 555-0100).",
    );
  });
});

describe("formatPhoneForDisplay", () => {
  it.each([
    ["+15125550100", "(512) 555-0100"],
    ["+13125550188", "(312) 555-0188"],
    [" +15125550100 ", "(512) 555-0100"],
    // Not a stored US number: shown as stored, never mangled.
    ["+442079460958", "+442079460958"],
    ["(512) 555-0100", "(512) 555-0100"],
    ["", ""],
  ])("%j is shown as %j", (stored, shown) => {
    expect(formatPhoneForDisplay(stored)).toBe(shown);
  });

  it("formats what it reads back from normalizeUsPhone, and normalises back to the same number", () => {
    const stored = normalizeUsPhone("512.555.0100");
    expect(stored).toEqual({ ok: true, value: "+15125550100" });
    const shown = formatPhoneForDisplay("+15125550100");
    expect(normalizeUsPhone(shown)).toEqual(stored);
  });

  it.each([
    [null, "-", "-"],
    [undefined, "", ""],
    ["+15125550100", "-", "(512) 555-0100"],
  ])("displayPhoneOr(%j, %j) is %j", (stored, none, shown) => {
    expect(displayPhoneOr(stored, none)).toBe(shown);
  });
});
