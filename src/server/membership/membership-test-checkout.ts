import { randomBytes } from "node:crypto";
import { tz } from "@date-fns/tz";
import { format } from "date-fns";
import { eq } from "drizzle-orm";
import { MEMBERSHIP_PLANS, type MembershipPlan, nextBillingAfter } from "../../domain/membership";
import { formatCents } from "../../domain/money";
import { VENUE_TIME_ZONE } from "../../domain/venue-time";
import { pendingMembershipSignups } from "../db/schema";
import type { AppDeps } from "../kernel/deps";
import type { TestCheckoutSteps } from "../payments/checkout-purpose";
import type { PaymentRow } from "../payments/payment-rows";
import { messagePage, subscriptionCheckoutPage } from "../payments/test-checkout-page";
import { isOpenSession, sessionCompletedEvent } from "../payments/test-checkout-session";
import { loadVenueIdentity } from "../settings/venue-settings";

// The built-in test checkout's membership half (DECISIONS.md): it shows the plan and the simulated
// next billing date, and "Subscribe" sends the checkout.session.completed event Stripe would send
// for a subscription — with the subscription inside, since the test provider keeps no state.

const venueDate = (d: Date, pattern: string) => format(d, pattern, { in: tz(VENUE_TIME_ZONE) });

async function planOf(deps: AppDeps, payment: PaymentRow) {
  const [signup] = payment.signupId
    ? await deps.db
        .select({ plan: pendingMembershipSignups.plan, email: pendingMembershipSignups.email })
        .from(pendingMembershipSignups)
        .where(eq(pendingMembershipSignups.id, payment.signupId))
    : [];
  return signup ? { plan: signup.plan as MembershipPlan, email: signup.email } : null;
}

async function renderSubscriptionCheckout(
  deps: AppDeps,
  payment: PaymentRow,
  sessionId: string,
  now: Date,
): Promise<string | null> {
  const signup = await planOf(deps, payment);
  if (!signup) return null;
  const venue = await loadVenueIdentity(deps.db, deps.config);
  const plan = MEMBERSHIP_PLANS[signup.plan];
  return subscriptionCheckoutPage({
    sessionId,
    venueName: venue.venueName,
    clubName: venue.clubName,
    planLabel: plan.label,
    priceText: `${formatCents(payment.amountCents)}/${plan.interval}`,
    email: signup.email,
    nextBillingText: venueDate(nextBillingAfter(now, signup.plan), "MMMM d, yyyy"),
    expiresAtText: payment.expiresAt ? venueDate(payment.expiresAt, "MMM d, h:mm a") : "",
  });
}

/** The checkout.session.completed event of a paid subscription checkout, as Stripe would send it. */
export async function subscriptionCompletedEvent(
  deps: AppDeps,
  payment: PaymentRow,
  sessionId: string,
  now: Date,
): Promise<string | null> {
  const signup = await planOf(deps, payment);
  if (!signup) return null;
  const created = Math.floor(now.getTime() / 1000);
  const periodEnd = Math.floor(nextBillingAfter(now, signup.plan).getTime() / 1000);
  const customer = `cus_test_${randomBytes(10).toString("hex")}`;
  const metadata = {
    purpose: "membership",
    signupId: payment.signupId,
    paymentId: payment.id,
    plan: signup.plan,
  };
  return sessionCompletedEvent(payment, sessionId, now, {
    mode: "subscription",
    client_reference_id: payment.signupId,
    customer,
    customer_email: signup.email,
    invoice: `in_test_${randomBytes(10).toString("hex")}`,
    metadata,
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
            current_period_start: created,
            current_period_end: periodEnd,
          },
        ],
      },
    },
  });
}

const SIGNUP_LINK = { href: "/signup", label: "Back to membership signup" };
const successUrl = (sessionId: string) => `/membership-success?session_id=${encodeURIComponent(sessionId)}`;
const endedPage = () =>
  messagePage("Checkout expired", "This checkout has ended. Please start your signup again.", SIGNUP_LINK);

export const membershipTestCheckout: TestCheckoutSteps = {
  async page(deps, payment, sessionId) {
    if (payment.state === "completed") {
      return {
        html: messagePage("Already paid", "This membership has already been paid.", {
          href: successUrl(sessionId),
          label: "Continue",
        }),
        status: 200,
      };
    }
    const now = deps.now();
    const html = isOpenSession(payment, now)
      ? await renderSubscriptionCheckout(deps, payment, sessionId, now)
      : null;
    return html ? { html, status: 200 } : { html: endedPage(), status: 410 };
  },
  async pay(deps, payment, sessionId) {
    if (payment.state === "completed") return { kind: "redirect", url: successUrl(sessionId) };
    const now = deps.now();
    const payload = isOpenSession(payment, now)
      ? await subscriptionCompletedEvent(deps, payment, sessionId, now)
      : null;
    if (!payload) return { kind: "page", html: endedPage(), status: 410 };
    return { kind: "event", payload, successUrl: successUrl(sessionId) };
  },
  cancelUrl: (_deps, _payment, sessionId) => `/membership-cancel?session_id=${encodeURIComponent(sessionId)}`,
};
