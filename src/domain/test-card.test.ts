import { describe, expect, it } from "vitest";
import { cardBrand, cardLabel, passesLuhn, readTestCard, TEST_CARD_MESSAGES } from "./test-card";

const TODAY = "2026-11-18";

describe("readTestCard (the stand-in billing page, issue 34)", () => {
  it.each([
    ["4242 4242 4242 4242", "12/30", { brand: "visa", last4: "4242", expMonth: 12, expYear: 2030 }],
    ["5555-5555-5555-4444", "1/27", { brand: "mastercard", last4: "4444", expMonth: 1, expYear: 2027 }],
    ["378282246310005", "11/26", { brand: "amex", last4: "0005", expMonth: 11, expYear: 2026 }],
    ["6011111111111117", " 03 / 29 ", { brand: "discover", last4: "1117", expMonth: 3, expYear: 2029 }],
  ])("keeps %s expiring %s", (number, expiry, card) => {
    expect(readTestCard({ number, expiry }, TODAY)).toEqual({ card });
  });

  it.each([
    ["4242 4242 4242 4241", "12/30", TEST_CARD_MESSAGES.number, "number"],
    ["4242", "12/30", TEST_CARD_MESSAGES.number, "number"],
    ["4242 4242 4242 424x", "12/30", TEST_CARD_MESSAGES.number, "number"],
    ["4242424242424242", "13/30", TEST_CARD_MESSAGES.expiry, "expiry"],
    ["4242424242424242", "1230", TEST_CARD_MESSAGES.expiry, "expiry"],
    ["4242424242424242", "10/26", TEST_CARD_MESSAGES.expired, "expiry"],
    ["4242424242424242", "12/25", TEST_CARD_MESSAGES.expired, "expiry"],
  ])("refuses %s expiring %s", (number, expiry, error, field) => {
    expect(readTestCard({ number, expiry }, TODAY)).toEqual({ error, field });
  });

  it("accepts a card expiring this month", () => {
    expect(readTestCard({ number: "4242424242424242", expiry: "11/26" }, TODAY)).toHaveProperty("card");
  });
});

describe("card helpers", () => {
  it("checks Luhn", () => {
    expect(passesLuhn("79927398713")).toBe(true);
    expect(passesLuhn("79927398710")).toBe(false);
  });
  it("reads brands and names cards", () => {
    expect(cardBrand("2221000000000009")).toBe("mastercard");
    expect(cardBrand("9999999999999995")).toBe("unknown");
    expect(cardLabel({ brand: "visa", last4: "4242" })).toBe("Visa •••• 4242");
    expect(cardLabel({ brand: "jcb", last4: "0000" })).toBe("Card •••• 0000");
  });
});
