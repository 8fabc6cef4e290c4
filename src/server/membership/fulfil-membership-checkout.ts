import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { membershipBenefits } from "../../domain/booking-rules";
import { type MembershipPlan, nextBillingAfter, type PlanInterval } from "../../domain/membership";
import { createUserWithPassword } from "../auth/create-user";
import type { Tx } from "../db/client";
import { payments, pendingMembershipSignups, users } from "../db/schema";
import type { AppDeps } from "../deps";
import type { SubscriptionSnapshot } from "../payment-provider";
import type { Fulfilment, PaidCheckout } from "../payments/checkout-purpose";
import { stripeId } from "../payments/payment-rows";
import { subscriptionSnapshot } from "../payments/subscription-snapshot";
import { readBookingRules } from "../settings/booking-rules";
import { planOf, readMembershipPlans } from "../settings/membership-plans";
import { readRateCard } from "../settings/rate-card";
import type { VenueIdentity } from "../settings/venue-settings";
import { membershipWelcomeEmail } from "./membership-welcome-email";
import { refundExtraMembership } from "./refund-extra-membership";
import { isMemberStatus } from "./subscription-status";

type SignupRow = typeof pendingMembershipSignups.$inferSelect;

/**
 * Before the settling transaction takes any lock: the billing period from the provider's own copy
 * of the subscription; the test checkout has none and puts the subscription inside its signed event.
 */
export async function fetchSubscription(
  deps: AppDeps,
  session: Stripe.Checkout.Session,
): Promise<SubscriptionSnapshot | null> {
  const subscriptionId = stripeId(session.subscription);
  const snapshot =
    session.subscription && typeof session.subscription === "object"
      ? subscriptionSnapshot(session.subscription)
      : null;
  if (!subscriptionId || !deps.payments) return snapshot;
  return (await deps.payments.retrieveSubscription(subscriptionId)) ?? snapshot;
}

/**
 * A paid membership checkout (mode subscription), settled by the payment spine — the only place a
 * member account is created (DECISIONS.md). In the spine's transaction, after the event is recorded
 * and the payment locked and marked completed: the signup is locked and only moves from pending to
 * completed once, the account is created from the signup (the stored hash becomes its password),
 * the signup's hash is wiped, and the welcome email is queued once. A second live subscription of
 * the same email is cancelled and refunded instead (refund-extra-membership.ts).
 */
export async function fulfilMembership(
  tx: Tx,
  deps: AppDeps,
  paid: PaidCheckout<SubscriptionSnapshot | null>,
): Promise<Fulfilment> {
  const { payment, session, venue, now, prepared: snapshot } = paid;
  const subscriptionId = stripeId(session.subscription);
  const [signup] = await tx
    .select()
    .from(pendingMembershipSignups)
    .where(eq(pendingMembershipSignups.id, payment.reference as string))
    .for("update");
  if (!signup) throw new Error(`membership payment ${payment.id} refers to a missing signup`);
  if (signup.status === "completed") return "duplicate";
  // Two checkouts of one email paid at once: one after the other, so the second sees the first's
  // account (and no unique violation turns into a 500).
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`membership-email:${signup.email.toLowerCase()}`}))`,
  );
  const [holder] = await tx
    .select({ subscriptionId: users.stripeSubscriptionId, isMember: users.isMember })
    .from(users)
    .where(sql`lower(${users.email}) = ${signup.email.toLowerCase()}`);
  if (holder?.isMember && holder.subscriptionId && holder.subscriptionId !== subscriptionId) {
    await refundExtraMembership(tx, deps, venue, {
      payment,
      signup,
      subscriptionId,
      invoiceId: stripeId(session.invoice as string | { id: string } | null),
    });
    return "refunded";
  }

  const plan = signup.plan as MembershipPlan;
  // What was sold: this checkout's price and interval (a plan edited since keeps it, DECISIONS.md).
  const sold = {
    name: planOf(await readMembershipPlans(tx), plan).name,
    priceCents: payment.amountCents,
    interval: (payment.checkout?.recurring?.interval ?? "month") as PlanInterval,
  };
  const membership = {
    isMember: snapshot ? isMemberStatus(snapshot.status) : true,
    membershipPlan: plan,
    stripeCustomerId: stripeId(session.customer) ?? snapshot?.customerId ?? null,
    stripeSubscriptionId: subscriptionId,
    nextBillingDate: snapshot?.currentPeriodEnd ?? nextBillingAfter(now, sold.interval),
    cancelAt: snapshot?.cancelAt ?? null,
    // A paid membership replaces a comp.
    compEndsAt: null,
  };
  const userId = await createOrUpgradeAccount(tx, deps, signup, membership, now);
  await tx
    .update(pendingMembershipSignups)
    .set({ status: "completed", userId, passwordHash: "", updatedAt: now })
    .where(eq(pendingMembershipSignups.id, signup.id));
  await tx
    .update(payments)
    .set({
      providerCustomerId: membership.stripeCustomerId,
      providerSubscriptionId: subscriptionId,
      providerPaymentId: stripeId(session.invoice as string | { id: string } | null),
      updatedAt: now,
    })
    .where(eq(payments.id, payment.id));
  await queueWelcomeEmail(tx, deps, venue, signup, sold, membership.nextBillingDate);
  deps.logger.info({ userId, signupId: signup.id, plan }, "membership created");
  return "confirmed";
}

type Membership = {
  isMember: boolean;
  membershipPlan: MembershipPlan;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  nextBillingDate: Date;
  cancelAt: Date | null;
  compEndsAt: null;
};

/**
 * Signup refuses an email that has an account, but one can appear between the form and the payment
 * (two tabs, both paid). Then the membership goes to that account and its password stays as it is:
 * paying never sets the password of an existing account.
 */
async function createOrUpgradeAccount(
  tx: Tx,
  deps: AppDeps,
  signup: SignupRow,
  membership: Membership,
  now: Date,
): Promise<string> {
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${signup.email.toLowerCase()}`)
    .for("update");
  if (existing) {
    deps.logger.warn({ userId: existing.id, signupId: signup.id }, "membership paid for an existing account");
    await tx
      .update(users)
      .set({ ...membership, updatedAt: now })
      .where(eq(users.id, existing.id));
    return existing.id;
  }
  const user = await createUserWithPassword(tx, {
    email: signup.email,
    firstName: signup.firstName,
    lastName: signup.lastName,
    phone: signup.phone,
    passwordHash: signup.passwordHash,
    isMember: membership.isMember,
    membershipPlan: membership.membershipPlan,
    stripeCustomerId: membership.stripeCustomerId,
    stripeSubscriptionId: membership.stripeSubscriptionId,
    nextBillingDate: membership.nextBillingDate,
  });
  if (membership.cancelAt) {
    await tx.update(users).set({ cancelAt: membership.cancelAt }).where(eq(users.id, user.id));
  }
  return user.id;
}

async function queueWelcomeEmail(
  tx: Tx,
  deps: AppDeps,
  venue: VenueIdentity,
  signup: SignupRow,
  plan: { name: string; priceCents: number; interval: PlanInterval },
  nextBillingDate: Date,
) {
  const base = deps.config.publicUrl;
  await deps.outbox.enqueue(tx, {
    to: signup.email,
    ...membershipWelcomeEmail({
      venue,
      firstName: signup.firstName,
      email: signup.email,
      plan,
      nextBillingDate,
      loginUrl: `${base}/login`,
      freeReservationsUrl: `${base}/member-reservations`,
      benefits: membershipBenefits(await readBookingRules(tx), (await readRateCard(tx)).card),
    }),
    dedupeKey: `membership-welcome-${signup.id}`,
  });
}
