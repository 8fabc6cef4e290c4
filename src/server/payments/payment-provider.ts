import type Stripe from "stripe";
import type { MembershipPlan } from "../../domain/membership";

// The adapter between the booking flow and whoever takes the card: Stripe Checkout, or the built-in
// test checkout (DECISIONS.md). Both speak Stripe's webhook format, signed with a secret, so one
// verified code path fulfils every payment.

export type ProviderName = "stripe" | "test";

export type CheckoutLineItem = { name: string; description: string; amountCents: number };

export type CreateCheckoutInput = {
  /** Our payments row id: the provider's idempotency key and the webhook's way back to us. */
  paymentId: string;
  /** The reservation hold paid for, or null when the checkout is for an event registration. */
  holdId: string | null;
  /** The event registration paid for (purpose event_registration). */
  registrationId?: string | null;
  purpose: "reservation" | "event_registration";
  lineItems: CheckoutLineItem[];
  discountCents: number;
  couponCode: string | null;
  totalCents: number;
  customerEmail: string | null;
  /** When the hold ends; the provider stops taking payment then (or as soon after as it allows). */
  holdExpiresAt: Date;
  now: Date;
  successUrl: string;
  cancelUrl: string;
};

export type CheckoutSession = { sessionId: string; url: string; expiresAt: Date };

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

/** A membership: a subscription checkout for one plan (SPEC §7 create-membership-session). */
export type CreateSubscriptionCheckoutInput = {
  /** Our payments row id: the provider's idempotency key and the webhook's way back to us. */
  paymentId: string;
  /** The pending_membership_signups row the account is created from. */
  signupId: string;
  purpose: "membership";
  plan: MembershipPlan;
  /** What the buyer sees, e.g. "Backspin Club membership (Monthly)". */
  productName: string;
  /** Our price for the plan; with Stripe the configured price id is charged. */
  amountCents: number;
  customerEmail: string;
  now: Date;
  successUrl: string;
  cancelUrl: string;
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

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession>;
  /** Stops an open session taking payment. Already completed or expired sessions are not an error. */
  expireCheckoutSession(sessionId: string): Promise<void>;
  refund(input: RefundInput): Promise<{ refundId: string }>;
  /** Cancels the subscription now and refunds its first payment (a duplicate membership). */
  refundSubscription(input: RefundSubscriptionInput): Promise<{ refundId: string }>;
  /** A hosted checkout in subscription mode for a membership plan. */
  createSubscriptionCheckout(input: CreateSubscriptionCheckoutInput): Promise<CheckoutSession>;
  /**
   * The subscription as the provider knows it now (Stripe: fetched fresh, so events arriving out of
   * order cannot roll it back), or null when the provider keeps no state of its own (the test
   * checkout): the copy inside the signed event is then the truth.
   */
  retrieveSubscription(subscriptionId: string): Promise<SubscriptionSnapshot | null>;
  /** Verifies the signature (and its age) on the raw body; rejects when either is wrong. */
  verifyWebhook(rawBody: string, signatureHeader: string, receivedAt: Date): Promise<Stripe.Event>;
}
