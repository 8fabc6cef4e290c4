import { formatCents } from "./money";

// Issue 32 item 4: a booking taken at the desk carries a price (the rate card's, which staff may
// change) and how it was paid, so desk revenue is recorded with amounts. Money is integer cents.

export const DESK_PAYMENT_METHODS = ["cash", "desk_card", "unpaid"] as const;
export type DeskPaymentMethod = (typeof DESK_PAYMENT_METHODS)[number];
/** The methods that mean money was taken (a payments row is recorded). */
export const DESK_PAID_METHODS = ["cash", "desk_card"] as const;
export type DeskPaidMethod = (typeof DESK_PAID_METHODS)[number];
/** How a recorded payment was made: online through the provider, or at the desk. */
export type PaymentMethod = "online" | DeskPaidMethod;

export const DESK_METHOD_LABELS: Record<DeskPaymentMethod, string> = {
  cash: "Cash",
  desk_card: "Card at the desk",
  unpaid: "Unpaid",
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  online: "Online",
  cash: "Cash",
  desk_card: "Card at the desk",
};

/** $10,000: the most one desk booking may cost (issue 32's "absurd price"). */
export const MAX_DESK_PRICE_CENTS = 1_000_000;

export const DESK_MESSAGES = {
  price: `Enter a price from $0.00 to ${formatCents(MAX_DESK_PRICE_CENTS)} in whole cents`,
  method: "Choose how it was paid: cash, card at the desk, or unpaid",
  paidMethod: "Choose how it was paid: cash or card at the desk",
  recordedPayment: "This booking's desk payment is recorded; refund it instead of marking the booking unpaid",
} as const;

export const isDeskPaymentMethod = (value: unknown): value is DeskPaymentMethod =>
  typeof value === "string" && (DESK_PAYMENT_METHODS as readonly string[]).includes(value);

export const isDeskPaidMethod = (value: unknown): value is DeskPaidMethod =>
  value === "cash" || value === "desk_card";

/** A desk price in cents, or null when it is not whole cents from 0 to $10,000. */
export function checkDeskPrice(value: unknown): number | null {
  if (typeof value !== "number" || !Number.isInteger(value)) return null;
  return value >= 0 && value <= MAX_DESK_PRICE_CENTS ? value : null;
}

/** What one desk request takes: the price per facility times the facilities booked. */
export function deskTotalCents(priceCents: number, facilities: number): number {
  return priceCents * facilities;
}

/** Dollars as typed ("45", "45.5", "$1,045.50") → cents, or null when it is not an amount. */
export function centsFromDollarsText(text: string): number | null {
  const m = /^\$?(\d{1,7}(?:,\d{3})*|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const dollars = Number((m[1] ?? "").replace(/,/g, ""));
  const cents = Number((m[2] ?? "").padEnd(2, "0") || "0");
  const value = dollars * 100 + cents;
  return Number.isSafeInteger(value) ? value : null;
}
