import type { AdminReservation } from "../../contracts/admin";

// Issue 34 item 5: an email about a staff change says what happens to the customer's money, in
// words that match what the system did (a status change never moves money by itself; a refund is
// its own action with its own email, reservation-change-email.ts).

type Money = Pick<
  AdminReservation,
  "status" | "isFreeMemberBooking" | "paidOnline" | "isRefunded" | "manualPaymentStatus" | "isAdminCreated"
>;

const CALL = "call us if you have a question about it";

/** What the customer reads about their money when staff set this status (`after` is the new row). */
export function statusMoneyNote(after: Money): string {
  if (after.isFreeMemberBooking) {
    return "This is a free member reservation: nothing was charged, so nothing is owed or refunded.";
  }
  if (after.status === "cancelled") {
    if (after.isRefunded) return "Your payment for it was already refunded.";
    if (after.paidOnline) {
      return `Your online payment has not been refunded by this change. If a refund is due, we refund it to your original payment method and email you when we do; ${CALL}.`;
    }
    if (after.manualPaymentStatus === "paid") {
      return `You paid for it at the desk: nothing is refunded online, so ask at the desk or ${CALL}.`;
    }
    return "No payment was taken for it, so nothing is owed.";
  }
  if (after.paidOnline && !after.isRefunded) return "Your earlier payment covers it: nothing more to pay.";
  if (after.manualPaymentStatus === "paid") return "It is already paid at the desk: nothing more to pay.";
  return "No payment has been taken for it: please pay at the desk when you arrive.";
}

/** A move keeps the booking's price (SPEC §5 Admin edit reservation keeps the duration). */
export const MOVED_MONEY_NOTE = "The price is unchanged: nothing more to pay and nothing refunded.";
