import { describe, expect, it } from "vitest";
import { INVALID_PHONE_MESSAGE, normalizeUsPhone } from "./phone";

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
