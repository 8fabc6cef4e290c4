import type Stripe from "stripe";
import type { CheckoutSession, CreateCheckoutInput } from "../payment-provider";
import { stripeSdk } from "./stripe-client";

// Stripe refuses a Checkout Session that expires sooner than 30 minutes from now, while the hold
// lasts 15: the session is created for 31 minutes and expired by us when the hold ends.
const STRIPE_MIN_SESSION_MS = 31 * 60_000;

/** The session ends with the hold, but no sooner than Stripe allows. */
function sessionEnd(input: CreateCheckoutInput): Date {
  const earliest = input.now.getTime() + STRIPE_MIN_SESSION_MS;
  return new Date(Math.max(input.expiresAt?.getTime() ?? earliest, earliest));
}

/** The discount was computed and reserved by us; Stripe only shows and applies it, once. */
async function discountOf(
  stripe: Stripe,
  input: CreateCheckoutInput,
  metadata: Record<string, string>,
): Promise<{ discounts?: Stripe.Checkout.SessionCreateParams.Discount[] }> {
  if (input.discountCents <= 0) return {};
  const coupon = await stripe.coupons.create(
    {
      amount_off: input.discountCents,
      currency: "usd",
      duration: "once",
      max_redemptions: 1,
      name: input.couponCode ?? "Discount",
      metadata,
    },
    { idempotencyKey: `coupon-${input.paymentId}` },
  );
  return { discounts: [{ coupon: coupon.id }] };
}

/** A Checkout Session: subscription mode for a `recurring` input, else a one-off payment. */
export async function createStripeCheckoutSession(
  stripe: Stripe,
  input: CreateCheckoutInput,
): Promise<CheckoutSession> {
  // Only ids travel to Stripe: what they stand for (and never a password) stays with us.
  const metadata: Record<string, string> = {
    purpose: input.purpose,
    paymentId: input.paymentId,
    ...input.metadata,
  };
  const common = {
    ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
    client_reference_id: input.reference ?? undefined,
    metadata,
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
  };
  let session: Stripe.Checkout.Session;
  if (input.recurring) {
    const { price } = input.recurring;
    if (!price) throw new Error("The membership plan has no Stripe price id (Settings › Membership plans)");
    session = await stripe.checkout.sessions.create(
      {
        ...common,
        mode: "subscription",
        line_items: [{ price, quantity: 1 }],
        subscription_data: { metadata },
      },
      // The key each mode has used since its first release.
      { idempotencyKey: `${input.purpose}-checkout-${input.paymentId}` },
    );
  } else {
    session = await stripe.checkout.sessions.create(
      {
        ...common,
        mode: "payment",
        line_items: input.lineItems.map((item) => ({
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: item.amountCents,
            product_data: { name: item.name, description: item.description },
          },
        })),
        ...(await discountOf(stripe, input, metadata)),
        payment_intent_data: { metadata },
        expires_at: Math.floor(sessionEnd(input).getTime() / 1000),
      },
      { idempotencyKey: `checkout-${input.paymentId}` },
    );
  }
  if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
  return { sessionId: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
}

export async function expireStripeCheckoutSession(stripe: Stripe, sessionId: string): Promise<void> {
  try {
    await stripe.checkout.sessions.expire(sessionId);
  } catch (err) {
    // Already complete or already expired: nothing left to stop.
    if (err instanceof (await stripeSdk()).errors.StripeInvalidRequestError) return;
    throw err;
  }
}
