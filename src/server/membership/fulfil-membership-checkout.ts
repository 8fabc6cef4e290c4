import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { type MembershipPlan, nextBillingAfter } from "../../domain/membership";
import { createUserWithPassword } from "../auth/create-user";
import type { Tx } from "../db/client";
import { payments, pendingMembershipSignups, users } from "../db/schema";
import { AppError } from "../errors";
import type { AppDeps } from "../kernel/deps";
import type { SubscriptionSnapshot } from "../payments/payment-provider";
import { lockCheckoutPayment, stripeId } from "../payments/payment-rows";
import { subscriptionSnapshot } from "../payments/subscription-snapshot";
import { recordWebhookEvent, type WebhookOutcome } from "../payments/webhook-inbox";
import { loadVenueIdentity, type VenueIdentity } from "../settings/venue-settings";
import { membershipWelcomeEmail } from "./membership-welcome-email";
import { refundExtraMembership } from "./refund-extra-membership";
import { isMemberStatus } from "./subscription-status";

type SignupRow = typeof pendingMembershipSignups.$inferSelect;

/**
 * checkout.session.completed (mode subscription) for a membership — the only place a member account
 * is created (DECISIONS.md). One transaction: the event id is recorded first (a repeat changes
 * nothing), the payment and the signup are locked and only move from pending to completed once,
 * the account is created from the signup (the stored hash becomes its password), the signup's hash
 * is wiped, and the welcome email is queued once. Any failure rolls back and answers non-2xx, so
 * the provider retries.
 */
export async function fulfilMembershipCheckout(
  deps: AppDeps,
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
): Promise<WebhookOutcome> {
  const provider = deps.payments;
  if (!provider) throw new AppError("PAYMENT_PROVIDER", "Online payment is not configured");
  // The billing period comes from the provider's own copy, fetched before any lock is taken; the
  // test checkout has none and puts the subscription inside its signed event instead.
  const subscriptionId = stripeId(session.subscription);
  let snapshot: SubscriptionSnapshot | null =
    session.subscription && typeof session.subscription === "object"
      ? subscriptionSnapshot(session.subscription)
      : null;
  if (subscriptionId) snapshot = (await provider.retrieveSubscription(subscriptionId)) ?? snapshot;
  const now = deps.now();
  const venue = await loadVenueIdentity(deps.db, deps.config);

  return deps.db.transaction(async (tx) => {
    if (!(await recordWebhookEvent(tx, provider.name, event, now))) return "duplicate";
    const payment = await lockCheckoutPayment(tx, provider.name, session, { purpose: "membership" });
    if (!payment?.signupId) {
      deps.logger.warn(
        { sessionId: session.id, eventId: event.id },
        "membership webhook for an unknown session",
      );
      return "ignored";
    }
    if (payment.state === "completed") return "duplicate";
    // A delayed payment method completes the session unpaid; async_payment_succeeded follows.
    if (session.payment_status !== "paid" && session.payment_status !== "no_payment_required")
      return "ignored";
    const [signup] = await tx
      .select()
      .from(pendingMembershipSignups)
      .where(eq(pendingMembershipSignups.id, payment.signupId))
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
    const membership = {
      isMember: snapshot ? isMemberStatus(snapshot.status) : true,
      membershipPlan: plan,
      stripeCustomerId: stripeId(session.customer) ?? snapshot?.customerId ?? null,
      stripeSubscriptionId: subscriptionId,
      nextBillingDate: snapshot?.currentPeriodEnd ?? nextBillingAfter(now, plan),
      cancelAt: snapshot?.cancelAt ?? null,
    };
    const userId = await createOrUpgradeAccount(tx, deps, signup, membership, now);
    await tx
      .update(pendingMembershipSignups)
      .set({ status: "completed", userId, passwordHash: "", updatedAt: now })
      .where(eq(pendingMembershipSignups.id, signup.id));
    await tx
      .update(payments)
      .set({
        state: "completed",
        providerCustomerId: membership.stripeCustomerId,
        providerSubscriptionId: subscriptionId,
        providerPaymentId: stripeId(session.invoice as string | { id: string } | null),
        updatedAt: now,
      })
      .where(eq(payments.id, payment.id));
    await queueWelcomeEmail(tx, deps, venue, signup, membership.nextBillingDate);
    deps.logger.info({ userId, signupId: signup.id, plan }, "membership created");
    return "confirmed";
  });
}

type Membership = {
  isMember: boolean;
  membershipPlan: MembershipPlan;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  nextBillingDate: Date;
  cancelAt: Date | null;
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
  nextBillingDate: Date,
) {
  const base = deps.config.publicUrl;
  await deps.outbox.enqueue(tx, {
    to: signup.email,
    ...membershipWelcomeEmail({
      venue,
      firstName: signup.firstName,
      email: signup.email,
      plan: signup.plan as MembershipPlan,
      nextBillingDate,
      loginUrl: `${base}/login`,
      freeReservationsUrl: `${base}/member-reservations`,
    }),
    dedupeKey: `membership-welcome-${signup.id}`,
  });
}
