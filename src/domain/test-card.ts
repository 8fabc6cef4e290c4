// The built-in test checkout's stand-in billing page (issue 34 item 4) takes a card as Stripe's test
// mode would: a number that passes the Luhn check, a brand read from its first digits, and an expiry
// that has not passed. No card is charged; only the brand, last four digits and expiry are kept.

export type TestCardInput = { number: string; expiry: string };
export type TestCard = { brand: string; last4: string; expMonth: number; expYear: number };

export const TEST_CARD_MESSAGES = {
  number: "Please enter a valid card number",
  expiry: "Please enter the expiry as MM/YY",
  expired: "This card has expired",
} as const;

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The brand as Stripe names it, from the number's first digits. */
export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^6(011|5)/.test(digits)) return "discover";
  return "unknown";
}

/** The card to keep, or the first problem with what was typed. `today` is the venue's "YYYY-MM-DD". */
export function readTestCard(
  input: TestCardInput,
  today: string,
): { card: TestCard } | { error: string; field: "number" | "expiry" } {
  const digits = input.number.replace(/[\s-]/g, "");
  if (!/^\d{13,19}$/.test(digits) || !passesLuhn(digits)) {
    return { error: TEST_CARD_MESSAGES.number, field: "number" };
  }
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(input.expiry);
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12) return { error: TEST_CARD_MESSAGES.expiry, field: "expiry" };
  const year = 2000 + Number(expiry[2]);
  const [thisYear, thisMonth] = today.split("-").map(Number) as [number, number];
  if (year < thisYear || (year === thisYear && month < thisMonth)) {
    return { error: TEST_CARD_MESSAGES.expired, field: "expiry" };
  }
  return { card: { brand: cardBrand(digits), last4: digits.slice(-4), expMonth: month, expYear: year } };
}

/** "Visa •••• 4242": how a card is named on the membership page. */
export function cardLabel(card: Pick<TestCard, "brand" | "last4">): string {
  const names: Record<string, string> = {
    visa: "Visa",
    mastercard: "Mastercard",
    amex: "American Express",
    discover: "Discover",
  };
  return `${names[card.brand] ?? "Card"} •••• ${card.last4}`;
}

/** The card the test checkout's simulated subscriptions start with (Stripe's test Visa). */
export const SIMULATED_TEST_CARD: TestCard = { brand: "visa", last4: "4242", expMonth: 12, expYear: 2034 };
