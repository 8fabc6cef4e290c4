import { randomBytes } from "node:crypto";
import type { PaymentRow } from "./payment-rows";
import { messagePage } from "./test-checkout-page";

// What every purpose's test checkout shares: whether a session still takes payment, the event
// Stripe would send for a paid one-off session, and the pages that say why one cannot be paid.

export const BOOK_LINK = { href: "/book", label: "Back to booking" };

export const isOpenSession = (payment: PaymentRow, now: Date) =>
  payment.state === "created" && (payment.expiresAt === null || payment.expiresAt > now);

export const isPaid = (payment: PaymentRow) => payment.state === "completed" || payment.state === "refunded";

export const checkoutNotFoundPage = (link = BOOK_LINK) =>
  messagePage("Checkout not found", "This checkout link is not valid.", link);

/**
 * The checkout.session.completed event Stripe sends when its hosted page is paid, for our own
 * session; `session` adds what the mode needs (payment intent, or customer and subscription).
 */
export function sessionCompletedEvent(
  payment: PaymentRow,
  sessionId: string,
  now: Date,
  session: Record<string, unknown>,
): string {
  return JSON.stringify({
    id: `evt_test_${randomBytes(12).toString("hex")}`,
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(now.getTime() / 1000),
    livemode: false,
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        status: "complete",
        payment_status: "paid",
        amount_total: payment.amountCents,
        currency: payment.currency,
        ...session,
      },
    },
  });
}

/** The same for a paid one-off (mode payment) session. */
export function paymentCompletedEvent(payment: PaymentRow, sessionId: string, now: Date): string {
  return sessionCompletedEvent(payment, sessionId, now, {
    mode: "payment",
    client_reference_id: payment.holdId,
    payment_intent: `pi_test_${randomBytes(12).toString("hex")}`,
    metadata: { purpose: payment.purpose, holdId: payment.holdId, paymentId: payment.id },
  });
}
