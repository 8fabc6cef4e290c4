import { randomBytes } from "node:crypto";
import { addMonths, addYears } from "date-fns";
import type { StoredCheckout } from "../db/schema";
import type { PaymentRow } from "./payment-rows";
import { messagePage } from "./test-checkout-page";

// What the test checkout does with a stored checkout, for every purpose alike: whether a session
// still takes payment, the page for one that cannot be found, and the signed event Stripe would send
// when its hosted page is paid.

export const BOOK_LINK = { href: "/book", label: "Back to booking" };

export const isOpenSession = (payment: PaymentRow, now: Date) =>
  payment.state === "created" && (payment.expiresAt === null || payment.expiresAt > now);

export const isPaid = (payment: PaymentRow) => payment.state === "completed" || payment.state === "refunded";

export const checkoutNotFoundPage = () =>
  messagePage("Checkout not found", "This checkout link is not valid.", BOOK_LINK);

/** A stored return path with the session's id in place of Stripe's {CHECKOUT_SESSION_ID}. */
export const returnPath = (path: string, sessionId: string) =>
  path.replaceAll("{CHECKOUT_SESSION_ID}", encodeURIComponent(sessionId));

/** When the simulated subscription bills next: one period after `from`. */
export const nextBilling = (from: Date, interval: "month" | "year") =>
  interval === "year" ? addYears(from, 1) : addMonths(from, 1);

/**
 * The checkout.session.completed event Stripe sends when its hosted page is paid, for a session of
 * ours, or null when the payment has no stored checkout. Our metadata travels as Stripe carries it;
 * a subscription carries the subscription itself, since the test provider keeps no state.
 */
export function checkoutCompletedEvent(payment: PaymentRow, sessionId: string, now: Date): string | null {
  const checkout = payment.checkout;
  if (!checkout) return null;
  const metadata = { purpose: payment.purpose, paymentId: payment.id, ...checkout.metadata };
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
        client_reference_id: payment.reference,
        metadata,
        ...(checkout.recurring
          ? subscriptionSession(checkout, checkout.recurring.interval, metadata, now)
          : { mode: "payment", payment_intent: `pi_test_${randomBytes(12).toString("hex")}` }),
      },
    },
  });
}

function subscriptionSession(
  checkout: StoredCheckout,
  interval: "month" | "year",
  metadata: Record<string, string>,
  now: Date,
) {
  const customer = `cus_test_${randomBytes(10).toString("hex")}`;
  return {
    mode: "subscription",
    customer,
    customer_email: checkout.customerEmail,
    invoice: `in_test_${randomBytes(10).toString("hex")}`,
    subscription: {
      id: `sub_test_${randomBytes(10).toString("hex")}`,
      object: "subscription",
      customer,
      status: "active",
      cancel_at: null,
      cancel_at_period_end: false,
      metadata,
      items: {
        object: "list",
        data: [
          {
            id: `si_test_${randomBytes(6).toString("hex")}`,
            current_period_start: Math.floor(now.getTime() / 1000),
            current_period_end: Math.floor(nextBilling(now, interval).getTime() / 1000),
          },
        ],
      },
    },
  };
}
