import type Stripe from "stripe";
import type { PlanSettings } from "../../domain/membership";
import type { StoredCheckout } from "../db/schema";
import type { SubscriptionSnapshot } from "../payment-provider";
import type { CheckoutPurpose } from "../payments/checkout-purpose";
import type { VenueIdentity } from "../settings/venue-settings";
import { afterMembershipExpired } from "./expire-membership-checkout";
import { fetchSubscription, fulfilMembership } from "./fulfil-membership-checkout";
import { recordRenewal, recordsRenewalsOf } from "./record-renewal";
import { syncSubscription } from "./sync-subscription";

/** payments.purpose of a membership subscription; payments.reference is the pending signup. */
export const MEMBERSHIP = "membership";

/**
 * A membership subscription: the signup's checkout, and the subscription's later life (SPEC §4
 * Member account: renewals, cancellation, the end).
 */
export const membershipPurpose: CheckoutPurpose<SubscriptionSnapshot | null> = {
  purpose: MEMBERSHIP,
  subscription: true,
  owns: (payment) => payment.reference !== null,
  prepare: fetchSubscription,
  fulfil: fulfilMembership,
  afterExpired: afterMembershipExpired,
  recordsRenewalsOf,
  events: {
    "customer.subscription.updated": (deps, event) =>
      syncSubscription(deps, event, event.data.object as Stripe.Subscription),
    "customer.subscription.deleted": (deps, event) =>
      syncSubscription(deps, event, event.data.object as Stripe.Subscription),
    // Stripe sends both for a paid invoice, in either order: the first records it, the second is a duplicate.
    "invoice.paid": (deps, event) => recordRenewal(deps, event, event.data.object as Stripe.Invoice),
    "invoice.payment_succeeded": (deps, event) =>
      recordRenewal(deps, event, event.data.object as Stripe.Invoice),
  },
  testCheckout: {
    expired: "This checkout has ended. Please start your signup again.",
    back: "Back to membership signup",
    paid: "This membership has already been paid.",
  },
};

/**
 * Its checkout: the plan as the venue sells it now (membership_plans): its price, and with Stripe its
 * price id, checked against that price before the checkout opens (create-membership-session.ts).
 * Only ids travel to the provider: the signup's details, and never its password, stay with us.
 */
export function membershipCheckout(input: {
  signupId: string;
  plan: PlanSettings;
  email: string;
  venue: VenueIdentity;
}): StoredCheckout {
  const { plan } = input;
  return {
    mode: "subscription",
    lineItems: [
      {
        name: `${input.venue.clubName} membership (${plan.name})`,
        description: input.email,
        amountCents: plan.priceCents,
      },
    ],
    discountCents: 0,
    couponCode: null,
    customerEmail: input.email,
    metadata: { signupId: input.signupId, plan: plan.id },
    recurring: { price: plan.providerPriceId, interval: plan.interval },
    successPath: "/membership-success?session_id={CHECKOUT_SESSION_ID}",
    cancelPath: "/membership-cancel?session_id={CHECKOUT_SESSION_ID}",
    backPath: "/signup",
  };
}
