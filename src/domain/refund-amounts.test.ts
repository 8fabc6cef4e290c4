import { describe, expect, it } from "vitest";
import { partialRefundError, REFUND_MESSAGES, remainingCents, reservationShareCents } from "./refund-amounts";

describe("remainingCents", () => {
  it.each([
    [{ amountCents: 9000, refundedCents: 0 }, 9000],
    [{ amountCents: 9000, refundedCents: 4500 }, 4500],
    [{ amountCents: 9000, refundedCents: 9000 }, 0],
    [{ amountCents: 9000, refundedCents: 9001 }, 0],
  ])("%o leaves %i", (payment, left) => expect(remainingCents(payment)).toBe(left));
});

describe("partialRefundError (issue 32 item 5)", () => {
  const paid = { amountCents: 9000, refundedCents: 2000 };
  it.each([1, 4500, 7000])("accepts %i cents out of 7000 left", (cents) => {
    expect(partialRefundError(cents, paid)).toBeNull();
  });
  it("refuses more than what remains, naming what remains", () => {
    expect(partialRefundError(7001, paid)).toBe(
      "You can refund at most $70.00: that is what remains of this payment",
    );
  });
  it.each([0, -100, 12.5, Number.NaN, "4500", null])("refuses %s as an amount", (cents) => {
    expect(partialRefundError(cents, paid)).toBe(REFUND_MESSAGES.amount);
  });
  it("says when nothing is left at all", () => {
    expect(partialRefundError(1, { amountCents: 9000, refundedCents: 9000 })).toBe(
      REFUND_MESSAGES.nothingLeft,
    );
  });
});

describe("reservationShareCents: a checkout's items refunded one by one", () => {
  it("shares the discount by price, and the last item takes what is left, to the cent", () => {
    // Three items of 3333, 3333 and 3334 cents (10000) paid 9000 after a 10% coupon.
    let payment = { amountCents: 9000, refundedCents: 0 };
    const prices = [3333, 3333, 3334];
    const shares = prices.map((priceCents, i) => {
      const share = reservationShareCents({
        priceCents,
        subtotalCents: 10000,
        payment,
        isLast: i === prices.length - 1,
      });
      payment = { ...payment, refundedCents: payment.refundedCents + share };
      return share;
    });
    expect(shares).toEqual([3000, 3000, 3000]);
    expect(payment.refundedCents).toBe(9000);
  });

  it("after a partial refund an item's share is never more than remains", () => {
    const payment = { amountCents: 9000, refundedCents: 8000 };
    expect(reservationShareCents({ priceCents: 4500, subtotalCents: 9000, payment, isLast: false })).toBe(
      1000,
    );
    expect(reservationShareCents({ priceCents: 4500, subtotalCents: 9000, payment, isLast: true })).toBe(
      1000,
    );
  });

  it("without a subtotal (a desk payment) an item's share is its price", () => {
    const payment = { amountCents: 9000, refundedCents: 0 };
    expect(reservationShareCents({ priceCents: 4500, subtotalCents: 0, payment, isLast: false })).toBe(4500);
  });
});
