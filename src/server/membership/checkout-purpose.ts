import type Stripe from "stripe";
import type { CheckoutPurpose } from "../payments/checkout-purpose";
import { expireMembershipCheckout } from "./expire-membership-checkout";
import { fulfilMembershipCheckout } from "./fulfil-membership-checkout";
import { membershipTestCheckout } from "./membership-test-checkout";
import { recordRenewal } from "./record-renewal";
import { syncSubscription } from "./sync-subscription";

/**
 * A membership subscription (payments.purpose "membership"): the signup's checkout, and the
 * subscription's later life (SPEC §4 Member account: renewals, cancellation, the end).
 */
export const membershipPurpose: CheckoutPurpose = {
  purpose: "membership",
  subscription: true,
  completed: fulfilMembershipCheckout,
  expired: expireMembershipCheckout,
  events: {
    "customer.subscription.updated": (deps, event) =>
      syncSubscription(deps, event, event.data.object as Stripe.Subscription),
    "customer.subscription.deleted": (deps, event) =>
      syncSubscription(deps, event, event.data.object as Stripe.Subscription),
    "invoice.paid": (deps, event) => recordRenewal(deps, event, event.data.object as Stripe.Invoice),
  },
  testCheckout: membershipTestCheckout,
};
