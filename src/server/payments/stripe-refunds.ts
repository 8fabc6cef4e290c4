import type Stripe from "stripe";
import {
  type InvoiceSubscription,
  OUR_REFUND_KEY,
  type RefundInput,
  type RefundSubscriptionInput,
} from "../payment-provider";
import { FIRST_INVOICE, invoiceSubscriptionId } from "./subscription-snapshot";

/** One refund of a payment intent, carrying our idempotency key so its events are known as ours. */
async function refundIntent(
  stripe: Stripe,
  paymentIntent: string,
  input: { amountCents: number; idempotencyKey: string },
  reason: Stripe.RefundCreateParams.Reason,
) {
  const refund = await stripe.refunds.create(
    {
      payment_intent: paymentIntent,
      amount: input.amountCents,
      reason,
      metadata: { [OUR_REFUND_KEY]: input.idempotencyKey },
    },
    { idempotencyKey: input.idempotencyKey },
  );
  return { refundId: refund.id };
}

export function refundStripePayment(stripe: Stripe, input: RefundInput) {
  return refundIntent(stripe, input.providerPaymentId, input, "requested_by_customer");
}

/** An extra membership: its subscription cancelled now and its first invoice's payment given back. */
export async function refundStripeSubscription(stripe: Stripe, input: RefundSubscriptionInput) {
  if (input.subscriptionId) {
    await stripe.subscriptions.cancel(
      input.subscriptionId,
      {},
      { idempotencyKey: `${input.idempotencyKey}-cancel` },
    );
  }
  if (!input.invoiceId) throw new Error("the subscription's first invoice is unknown; it cannot be refunded");
  // Since API 2025-03 an invoice's payment intent is found through its invoice payments.
  const paid = await stripe.invoicePayments.list({ invoice: input.invoiceId, limit: 1 });
  const intent = paid.data[0]?.payment?.payment_intent;
  const paymentIntent = typeof intent === "string" ? intent : intent?.id;
  if (!paymentIntent) throw new Error(`invoice ${input.invoiceId} has no payment to refund`);
  return refundIntent(stripe, paymentIntent, input, "duplicate");
}

/** The invoice a payment intent paid (a subscription's), the other way through its invoice payments. */
export async function stripeInvoiceOfPayment(stripe: Stripe, paymentIntent: string): Promise<string | null> {
  const paid = await stripe.invoicePayments.list({
    payment: { type: "payment_intent", payment_intent: paymentIntent },
    limit: 1,
  });
  const invoice = paid.data[0]?.invoice;
  return (typeof invoice === "string" ? invoice : invoice?.id) ?? null;
}

/** The checkout session a payment intent was paid through, with our payment id from its metadata. */
export async function stripeCheckoutSessionOfPayment(stripe: Stripe, paymentIntent: string) {
  const sessions = await stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
  const session = sessions.data[0];
  return session ? { sessionId: session.id, paymentId: session.metadata?.paymentId ?? null } : null;
}

/**
 * The subscription an invoice bills, with the metadata our checkout gave it (subscription_data), read
 * from the invoice: since API 2025-03 in parent.subscription_details, a snapshot taken when it was
 * finalized.
 */
export async function stripeSubscriptionOfInvoice(
  stripe: Stripe,
  invoiceId: string,
): Promise<InvoiceSubscription | null> {
  const invoice = await stripe.invoices.retrieve(invoiceId);
  const subscriptionId = invoiceSubscriptionId(invoice);
  if (!subscriptionId) return null;
  const metadata = invoice.parent?.subscription_details?.metadata;
  return {
    subscriptionId,
    purpose: metadata?.purpose ?? null,
    paymentId: metadata?.paymentId ?? null,
    firstInvoice: invoice.billing_reason === FIRST_INVOICE,
  };
}
