import { describe, expect, it } from "vitest";
import { MOVED_MONEY_NOTE, statusMoneyNote } from "./change-email-money";

const base = {
  status: "cancelled" as const,
  isFreeMemberBooking: false,
  paidOnline: false,
  isRefunded: false,
  manualPaymentStatus: null,
  isAdminCreated: false,
};

describe("statusMoneyNote: what a staff status change means for the customer's money", () => {
  it.each([
    ["cancelled, paid online, not refunded", { paidOnline: true }, /has not been refunded by this change/],
    ["cancelled, paid online, refunded", { paidOnline: true, isRefunded: true }, /already refunded/],
    [
      "cancelled, paid at the desk",
      { isAdminCreated: true, manualPaymentStatus: "paid" },
      /paid for it at the desk/,
    ],
    [
      "cancelled, unpaid at the desk",
      { isAdminCreated: true, manualPaymentStatus: "unpaid" },
      /No payment was taken/,
    ],
    [
      "cancelled, a free member booking",
      { isFreeMemberBooking: true, paidOnline: false },
      /free member reservation/,
    ],
    ["confirmed, paid online", { status: "confirmed", paidOnline: true }, /earlier payment covers it/],
    [
      "confirmed, refunded earlier",
      { status: "confirmed", paidOnline: true, isRefunded: true },
      /pay at the desk/,
    ],
    [
      "confirmed, paid at the desk",
      { status: "confirmed", manualPaymentStatus: "paid" },
      /already paid at the desk/,
    ],
    ["pending, never paid", { status: "pending" }, /pay at the desk when you arrive/],
    ["confirmed, free member booking", { status: "confirmed", isFreeMemberBooking: true }, /nothing is owed/],
  ] as const)("%s", (_, overrides, expected) => {
    expect(statusMoneyNote({ ...base, ...overrides })).toMatch(expected);
  });

  it("a move says the price is unchanged", () => {
    expect(MOVED_MONEY_NOTE).toMatch(/price is unchanged/);
  });
});
