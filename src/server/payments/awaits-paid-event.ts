import { and, eq, type SQL } from "drizzle-orm";
import type { Tx } from "../db/client";
import { payments } from "../db/schema";
import { isUuid } from "../lib/ids";
import type { PaymentProvider } from "../payment-provider";
import type { CheckoutPurposes } from "./checkout-purpose";
import { paymentOfSession } from "./record-and-lock";

/** Whether the payments row found still waits for its paid event (created, or expired here and paid late). */
async function waitsForPaidEvent(tx: Tx, where: SQL | undefined) {
  const [row] = await tx.select({ state: payments.state }).from(payments).where(where).limit(1);
  return row?.state === "created" || row?.state === "expired";
}

/**
 * A one-off payment: made through a checkout session of ours whose row still waits for
 * checkout.session.completed, which stores the payment intent. No session, or a session we never
 * opened, is another product's.
 */
async function awaitsItsCheckout(tx: Tx, provider: PaymentProvider, providerPaymentId: string) {
  const session = await provider.checkoutSessionOfPayment(providerPaymentId);
  return session
    ? waitsForPaidEvent(tx, paymentOfSession(provider.name, session.sessionId, session.paymentId))
    : false;
}

/**
 * A subscription's invoice: its first (the signup's checkout) when the payments row the
 * subscription's metadata names still waits for checkout.session.completed, which stores the
 * invoice; a renewal when its purpose's event will record it (membership: invoice.paid, for the
 * member holding the subscription). An invoice of no subscription, or of another product's, is not ours.
 */
async function awaitsItsInvoice(
  tx: Tx,
  provider: PaymentProvider,
  purposes: CheckoutPurposes,
  invoiceId: string,
) {
  const billed = await provider.subscriptionOfInvoice(invoiceId);
  if (!billed) return false;
  if (billed.firstInvoice) {
    const { paymentId } = billed;
    return paymentId !== null && isUuid(paymentId)
      ? waitsForPaidEvent(tx, and(eq(payments.provider, provider.name), eq(payments.id, paymentId)))
      : false;
  }
  const purpose = purposes.ofSubscription(billed.purpose);
  return (await purpose?.recordsRenewalsOf?.(tx, billed.subscriptionId)) ?? false;
}

/**
 * Whether a provider payment no payments row holds is one of ours whose paid event has not been
 * processed yet (Stripe does not promise an order): only then is a refund of it worth retrying, as
 * that event puts the payment on its row and the refund's redelivery finds it (decision 043). A
 * payment that paid an invoice is a subscription's (our one-off checkouts create none); any other
 * may be a checkout's. The provider is asked in the caller's transaction; this path is rare.
 */
export function awaitsItsPaidEvent(
  tx: Tx,
  provider: PaymentProvider,
  purposes: CheckoutPurposes,
  paid: { providerPaymentId: string; invoiceId: string | null },
): Promise<boolean> {
  return paid.invoiceId
    ? awaitsItsInvoice(tx, provider, purposes, paid.invoiceId)
    : awaitsItsCheckout(tx, provider, paid.providerPaymentId);
}
