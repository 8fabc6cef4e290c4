import { describe, expect, it } from "vitest";
import { rescheduleMoney, rescheduleMoneyText, rescheduleQuoteText } from "./reschedule-price";

const money = (before: number, after: number, percent = 50, refundable = 10_000) =>
  rescheduleMoney({
    priceBeforeCents: before,
    priceAfterCents: after,
    refundPercent: percent,
    refundableCents: refundable,
  });

describe("a reschedule priced at the new time (issue 30 item 1)", () => {
  it.each([
    // before, after, percent, refundable → kind, difference, pay, refund
    [2500, 4500, 50, 2500, "dearer", 2000, 2000, 0],
    [4500, 2500, 50, 4500, "cheaper", 2000, 0, 1000],
    [4500, 2500, 100, 4500, "cheaper", 2000, 0, 2000],
    [4500, 2500, 0, 4500, "cheaper", 2000, 0, 0],
    [4750, 3750, 33, 4750, "cheaper", 1000, 0, 330],
    // Never more back than the booking's payments still hold.
    [4500, 2500, 100, 500, "cheaper", 2000, 0, 500],
    [2500, 2500, 50, 2500, "same", 0, 0, 0],
  ] as const)("%i → %i at %i%%: %s", (before, after, percent, refundable, kind, difference, pay, refund) => {
    expect(money(before, after, percent, refundable)).toMatchObject({
      kind,
      differenceCents: difference,
      payCents: pay,
      refundCents: refund,
    });
  });

  it("says the amounts in the email and before the move", () => {
    expect(rescheduleMoneyText(money(2500, 4500))).toBe(
      "The new time costs $45.00 instead of $25.00: you paid the $20.00 difference.",
    );
    expect(rescheduleMoneyText(money(4500, 2500))).toBe(
      "The new time costs $25.00 instead of $45.00: $10.00 (50% of the $20.00 difference) is on its way back to your card.",
    );
    expect(rescheduleMoneyText(money(2500, 2500))).toBe("The price is unchanged.");
    expect(rescheduleQuoteText(money(2500, 4500))).toBe(
      "The new time costs $45.00 instead of $25.00. You'll pay the $20.00 difference at checkout; your current time is kept until then.",
    );
    expect(rescheduleQuoteText(money(4500, 2500, 0))).toBe(
      "The new time costs $25.00 instead of $45.00. Under the venue's policy none of the $20.00 difference is refunded.",
    );
  });
});
