import type Stripe from "stripe";
import type { ProviderPrice } from "../domain/membership";
import type { CheckoutLineItem } from "./db/schema";

// The adapter between the booking flow and whoever takes the card: Stripe Checkout, or the built-in
// test checkout (DECISIONS.md). Both speak Stripe's webhook format, signed with a secret, so one
// verified code path fulfils every payment.
// The interface lives at the top beside deps.ts, which names it; the adapters implementing it stay in
// payments/. deps.ts cannot import payments/, whose spine imports the dependencies type.

export type ProviderName = "stripe" | "test";

/**
 * One checkout, for any purpose: what to charge and show, and our ids to carry. The provider knows
 * no purpose's rows; it passes `purpose`, `paymentId` and `metadata` through the session (and the
 * payment or subscription) so the webhook finds its way back.
 */
export type CreateCheckoutInput = {
  /** Our payments row id: the provider's idempotency key and the webhook's way back to us. */
  paymentId: string;
  /** The checkout purpose's name (payments.purpose), e.g. "reservation". */
  purpose: string;
  /** The purpose's own row (payments.reference): Stripe's client_reference_id. */
  reference: string | null;
  /** Our ids, as the purpose declared them (e.g. { holdId }); purpose and paymentId are added. */
  metadata: Record<string, string>;
  lineItems: CheckoutLineItem[];
  discountCents: number;
  couponCode: string | null;
  totalCents: number;
  customerEmail: string | null;
  /**
   * A subscription: the provider's recurring price id (the plan's, from membership_plans; null with
   * the test checkout, which charges the line items) and how often it bills; null for a one-off payment.
   */
  recurring: { price: string | null; interval: "month" | "year" } | null;
  /** When a one-off payment's hold ends: the provider stops taking payment then (or as soon after as it allows). */
  expiresAt: Date | null;
  now: Date;
  successUrl: string;
  cancelUrl: string;
};

export type CheckoutSession = { sessionId: string; url: string; expiresAt: Date };

/**
 * The metadata key under which a refund this app makes carries its idempotency key, so the
 * provider's refund events tell our refunds from ones made in its dashboard (decision 043).
 */
export const OUR_REFUND_KEY = "venue_refund_key";

export type RefundInput = {
  /** The provider's payment (Stripe: the PaymentIntent id). */
  providerPaymentId: string;
  amountCents: number;
  /** "refund-<paymentId>": a repeated refund returns the first one instead of paying twice. */
  idempotencyKey: string;
};

/** An extra membership subscription to end at once and give back (its first invoice). */
export type RefundSubscriptionInput = {
  subscriptionId: string | null;
  invoiceId: string | null;
  amountCents: number;
  /** "refund-<paymentId>": a repeated call cancels and refunds once. */
  idempotencyKey: string;
};

/**
 * The subscription an invoice bills, as the provider tells it: our purpose and payment id from the
 * subscription's metadata (its signup's checkout set them; null for another product's), and whether
 * it is the subscription's first invoice (the signup's checkout) rather than a renewal.
 */
export type InvoiceSubscription = {
  subscriptionId: string;
  purpose: string | null;
  paymentId: string | null;
  firstInvoice: boolean;
};

/** What we keep of a provider's subscription (Stripe's field names, as instants). */
export type SubscriptionSnapshot = {
  id: string;
  customerId: string | null;
  status: string;
  /** The end of the period paid for: the next billing date while the subscription runs. */
  currentPeriodEnd: Date | null;
  /** When it is due to end (cancelled at period end, or at a date), or null. */
  cancelAt: Date | null;
};

/** A card on file, as the provider describes it (issue 34 item 4: the member's payment method). */
export type BillingCard = { brand: string; last4: string; expMonth: number; expYear: number };

/** One of a member's invoices at the provider. */
export type BillingInvoice = {
  id: string;
  /** The provider's invoice number, e.g. "A1B2C3-0001". */
  number: string | null;
  createdAt: Date;
  amountCents: number;
  /** paid, open, void, uncollectible… */
  status: string;
  /** The provider's hosted page of the invoice (receipt and PDF). */
  url: string | null;
};

/** What the provider knows of a membership's billing, fetched when the member opens the page. */
export type MembershipBilling = {
  /** The subscription's price now (what was sold), or null when the provider does not say. */
  priceCents: number | null;
  /** How often that price bills, or null when the provider does not say. */
  interval: "month" | "year" | null;
  card: BillingCard | null;
  invoices: BillingInvoice[];
};

export interface PaymentProvider {
  readonly name: ProviderName;
  /** A hosted checkout: payment mode, or subscription mode when the input is `recurring`. */
  createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession>;
  /** Stops an open session taking payment. Already completed or expired sessions are not an error. */
  expireCheckoutSession(sessionId: string): Promise<void>;
  refund(input: RefundInput): Promise<{ refundId: string }>;
  /** Cancels the subscription now and refunds its first payment (a duplicate membership). */
  refundSubscription(input: RefundSubscriptionInput): Promise<{ refundId: string }>;
  /**
   * The invoice a provider payment paid (Stripe: the payment intent's invoice payment), or null when
   * it paid none. A refund event names the payment intent; a membership's payments row holds its
   * invoice, so a refund of it made in the dashboard is found through this.
   */
  invoiceOfPayment(providerPaymentId: string): Promise<string | null>;
  /**
   * The checkout session a provider payment was made through (Stripe: the sessions listed by payment
   * intent) with the payment id our metadata gave it, or null when it was made through none. A
   * refund event can come before its checkout's event has stored the payment intent: this tells a
   * payment of ours not recorded yet from another product's.
   */
  checkoutSessionOfPayment(
    providerPaymentId: string,
  ): Promise<{ sessionId: string; paymentId: string | null } | null>;
  /**
   * The subscription an invoice bills (Stripe: the invoice fetched, its parent's subscription
   * details), or null when it bills none. A refund event can come before the invoice's own paid
   * event (a signup's checkout, a renewal's invoice.paid) has put it on a payments row: this tells a
   * subscription payment of ours not recorded yet from another product's.
   */
  subscriptionOfInvoice(invoiceId: string): Promise<InvoiceSubscription | null>;
  /**
   * The subscription as the provider knows it now (Stripe: fetched fresh, so events arriving out of
   * order cannot roll it back), or null when the provider keeps no state of its own (the test
   * checkout): the copy inside the signed event is then the truth.
   */
  retrieveSubscription(subscriptionId: string): Promise<SubscriptionSnapshot | null>;
  /**
   * The membership's card, price and invoices (Stripe: fetched live), or null when the provider keeps
   * no state of its own (the test checkout): our records and its stand-in card are then the truth.
   */
  membershipBilling(input: {
    customerId: string;
    subscriptionId: string | null;
  }): Promise<MembershipBilling | null>;
  /**
   * The provider's hosted page where a customer changes their card (Stripe's billing portal; the test
   * checkout's stand-in page), returning to `returnUrl`.
   */
  openBillingPortal(input: { customerId: string; returnUrl: string; now: Date }): Promise<{ url: string }>;
  /**
   * Sets the subscription to end at the end of its paid period; the instant it ends, or null when
   * the provider keeps no state (the test checkout: the next billing date is the end).
   */
  cancelAtPeriodEnd(subscriptionId: string, idempotencyKey: string): Promise<Date | null>;
  /**
   * A comped stretch of a running subscription (issue 32 item 3): nothing is charged until `until`,
   * when billing resumes at the subscription's own price (Stripe: a trial to that instant, without
   * proration). The test checkout keeps no subscription state: nothing to do there.
   */
  deferBilling(subscriptionId: string, until: Date, idempotencyKey: string): Promise<void>;
  /**
   * A recurring price as the provider holds it (Stripe: the price object, fetched once per id, since
   * a price's amount never changes), or null when the provider has no prices of its own (the test
   * checkout). Rejects when the provider does not know the id.
   */
  describePrice(priceId: string): Promise<ProviderPrice | null>;
  /** Verifies the signature (and its age) on the raw body; rejects when either is wrong. */
  verifyWebhook(rawBody: string, signatureHeader: string, receivedAt: Date): Promise<Stripe.Event>;
}
