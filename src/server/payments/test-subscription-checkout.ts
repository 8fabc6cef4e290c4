import { randomBytes } from "node:crypto";
import { tz } from "@date-fns/tz";
import { format } from "date-fns";
import { eq } from "drizzle-orm";
import { MEMBERSHIP_PLANS, type MembershipPlan, nextBillingAfter } from "../../domain/membership";
import { formatCents } from "../../domain/money";
import { VENUE_TIME_ZONE } from "../../domain/venue-time";
import { type payments, pendingMembershipSignups } from "../db/schema";
import type { AppDeps } from "../kernel/deps";
import { loadVenueIdentity } from "../settings/venue-settings";
import { subscriptionCheckoutPage } from "./test-checkout-page";

// The built-in test checkout's membership half (DECISIONS.md): it shows the plan and the simulated
// next billing date, and "Subscribe" sends the checkout.session.completed event Stripe would send
// for a subscription — with the subscription inside, since the test provider keeps no state.

type PaymentRow = typeof payments.$inferSelect;

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

export async function renderSubscriptionCheckout(
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
  return JSON.stringify({
    id: `evt_test_${randomBytes(12).toString("hex")}`,
    object: "event",
    type: "checkout.session.completed",
    created,
    livemode: false,
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        mode: "subscription",
        status: "complete",
        payment_status: "paid",
        amount_total: payment.amountCents,
        currency: payment.currency,
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
      },
    },
  });
}
