import { formatCents } from "./money";

// Issue 32 item 5: what a refund may give back. A payment (one checkout, or one desk payment) is
// refunded in parts — one reservation's share, the whole booking, or an amount staff type — and the
// parts never add up to more than was paid. The server applies these under the payment's row lock.

export type RefundScope = "reservation" | "booking" | "amount";

export type PaymentAmounts = { amountCents: number; refundedCents: number };

/** What is left to give back of a payment. */
export const remainingCents = (p: PaymentAmounts): number => Math.max(0, p.amountCents - p.refundedCents);

export const REFUND_MESSAGES = {
  nothingLeft: "Nothing remains to refund on this payment",
  amount: "Enter a refund amount in dollars and cents, at least $0.01",
  tooMuch: (remaining: number) =>
    `You can refund at most ${formatCents(remaining)}: that is what remains of this payment`,
  noPayment: "This booking has no recorded payment to refund part of; refund its reservations one by one",
} as const;

/** Why a typed refund amount cannot be given back, or null when it can. */
export function partialRefundError(amountCents: unknown, payment: PaymentAmounts): string | null {
  const remaining = remainingCents(payment);
  if (remaining <= 0) return REFUND_MESSAGES.nothingLeft;
  if (typeof amountCents !== "number" || !Number.isInteger(amountCents) || amountCents < 1) {
    return REFUND_MESSAGES.amount;
  }
  return amountCents > remaining ? REFUND_MESSAGES.tooMuch(remaining) : null;
}

/**
 * One reservation's share of its payment: its price less its part of the checkout's discount,
 * rounded to the cent, never more than remains. The last reservation still to be refunded takes
 * whatever is left, so rounding never strands or invents a cent (docs/decisions: the refund ledger).
 */
export function reservationShareCents(input: {
  priceCents: number;
  /** The checkout's subtotal before discounts; 0 when unknown (then the price is the share). */
  subtotalCents: number;
  payment: PaymentAmounts;
  /** No other reservation of this payment is still unrefunded. */
  isLast: boolean;
}): number {
  const remaining = remainingCents(input.payment);
  if (input.isLast) return remaining;
  const share =
    input.subtotalCents > 0
      ? Math.round((input.priceCents * input.payment.amountCents) / input.subtotalCents)
      : input.priceCents;
  return Math.max(0, Math.min(share, remaining));
}
