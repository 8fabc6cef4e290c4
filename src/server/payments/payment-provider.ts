import type Stripe from "stripe";

// The adapter between the booking flow and whoever takes the card: Stripe Checkout, or the built-in
// test checkout (DECISIONS.md). Both speak Stripe's webhook format, signed with a secret, so one
// verified code path fulfils every payment.

export type ProviderName = "stripe" | "test";

export type CheckoutLineItem = { name: string; description: string; amountCents: number };

export type CreateCheckoutInput = {
  /** Our payments row id: the provider's idempotency key and the webhook's way back to us. */
  paymentId: string;
  holdId: string;
  purpose: "reservation";
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

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession>;
  /** Stops an open session taking payment. Already completed or expired sessions are not an error. */
  expireCheckoutSession(sessionId: string): Promise<void>;
  refund(input: RefundInput): Promise<{ refundId: string }>;
  /** Verifies the signature (and its age) on the raw body; throws when either is wrong. */
  verifyWebhook(rawBody: string, signatureHeader: string, receivedAt: Date): Stripe.Event;
}
