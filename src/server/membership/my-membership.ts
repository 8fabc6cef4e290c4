import { and, desc, eq, inArray } from "drizzle-orm";
import type { MembershipInvoice, MyMembership, MyMembershipResponse } from "../../contracts/membership";
import { formatBillingDate, type MembershipPlan, selfCancelMessage } from "../../domain/membership";
import { cardLabel } from "../../domain/test-card";
import { venueToday } from "../../domain/venue-time";
import type { Db } from "../db/client";
import { payments, users } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";
import type { BillingCard, MembershipBilling } from "../payment-provider";
import { loadTestCard } from "../payments/test-billing-cards";
import { loadMemberCancelPolicy } from "../settings/member-cancel-policy";
import { loadMembershipPlans, planOf } from "../settings/membership-plans";
import { loadVenueIdentity } from "../settings/venue-settings";

// Issue 34 item 4: the member's own membership — plan, price, renewal or end date, card and
// invoices — read from our records and, with Stripe, from Stripe itself at the time of asking.

export type MemberRow = typeof users.$inferSelect;

export async function loadMemberRow(db: Db, userId: string): Promise<MemberRow> {
  const row = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!row) throw new AppError("NOT_FOUND", "Account not found");
  return row;
}

const isPlan = (plan: string | null): plan is MembershipPlan => plan === "monthly" || plan === "annual";

/** The test checkout's membership payments of this customer (our payments table), newest first. */
async function testInvoices(db: Db, customerId: string) {
  return db
    .select({
      id: payments.id,
      createdAt: payments.createdAt,
      amountCents: payments.amountCents,
      refundedCents: payments.refundedCents,
      state: payments.state,
      checkout: payments.checkout,
    })
    .from(payments)
    .where(
      and(
        eq(payments.provider, "test"),
        eq(payments.purpose, "membership"),
        eq(payments.providerCustomerId, customerId),
        inArray(payments.state, ["completed", "refunded"]),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(12);
}

type Billing = {
  priceCents: number | null;
  interval: "month" | "year" | null;
  card: BillingCard | null;
  invoices: MembershipInvoice[];
};

/** With Stripe, what Stripe says now; with the test checkout, our payments and its stand-in card. */
async function billingOf(deps: AppDeps, row: MemberRow): Promise<{ billing: Billing; available: boolean }> {
  const empty: Billing = { priceCents: null, interval: null, card: null, invoices: [] };
  const provider = deps.payments;
  const customerId = row.stripeCustomerId;
  if (!provider || !customerId) return { billing: empty, available: true };
  let live: MembershipBilling | null;
  try {
    live = await provider.membershipBilling({ customerId, subscriptionId: row.stripeSubscriptionId });
  } catch (err) {
    deps.logger.warn({ err, userId: row.id }, "the membership's billing could not be read from the provider");
    return { billing: empty, available: false };
  }
  if (live) {
    return {
      available: true,
      billing: {
        priceCents: live.priceCents,
        interval: live.interval,
        card: live.card,
        invoices: live.invoices.map((i) => ({
          id: i.id,
          number: i.number,
          date: venueToday(i.createdAt),
          amountCents: i.amountCents,
          status: i.status,
          url: i.url,
        })),
      },
    };
  }
  // The test provider keeps no state: our records of its payments, and its stand-in card.
  const [paid, card] = await Promise.all([
    testInvoices(deps.db, customerId),
    loadTestCard(deps.db, customerId),
  ]);
  return {
    available: true,
    billing: {
      priceCents: paid[0]?.amountCents ?? null,
      interval: paid[0]?.checkout?.recurring?.interval ?? null,
      card,
      invoices: paid.map((p) => ({
        id: p.id,
        number: null,
        date: venueToday(p.createdAt),
        amountCents: p.amountCents,
        status: p.state === "refunded" ? "refunded" : "paid",
        url: null,
      })),
    },
  };
}

export async function getMyMembership(deps: AppDeps, userId: string): Promise<MyMembershipResponse> {
  const [row, venue, policy, plans] = await Promise.all([
    loadMemberRow(deps.db, userId),
    loadVenueIdentity(deps.db, deps.config),
    loadMemberCancelPolicy(deps.db),
    loadMembershipPlans(deps.db),
  ]);
  const plan = row.membershipPlan;
  // Issue 32 item 3: a membership staff gave without payment, until its end.
  if (row.isMember && row.compEndsAt && !row.stripeSubscriptionId) {
    const endsOn = venueToday(row.compEndsAt);
    const { billing, available } = await billingOf(deps, row);
    return {
      membership: {
        plan: null,
        planLabel: "Complimentary",
        priceCents: 0,
        interval: "month",
        memberSince: venueToday(row.createdAt),
        status: "active",
        renewsOn: null,
        endsOn,
        compedUntil: endsOn,
        card: billing.card
          ? { label: cardLabel(billing.card), expMonth: billing.card.expMonth, expYear: billing.card.expYear }
          : null,
        invoices: billing.invoices,
        billingAvailable: available,
        canChangeCard: false,
        testMode: deps.payments?.name === "test",
      },
      selfCancel: {
        allowed: false,
        message: `Your complimentary membership ends on ${formatBillingDate(endsOn)}. To keep it, call us at ${venue.phone} or sign up online after it ends.`,
      },
    };
  }
  if (!row.isMember || !isPlan(plan)) {
    return {
      membership: null,
      selfCancel: {
        allowed: false,
        message: `To join or rejoin, call us at ${venue.phone} or sign up online.`,
      },
    };
  }
  const { billing, available } = await billingOf(deps, row);
  const endsOn = row.cancelAt ? venueToday(row.cancelAt) : null;
  const renewsOn = !endsOn && row.nextBillingDate ? venueToday(row.nextBillingDate) : null;
  // What was sold: the provider's price, else the last payment, else the plan's price now.
  const current = planOf(plans, plan);
  const membership: MyMembership = {
    plan,
    planLabel: current.name,
    priceCents: billing.priceCents ?? current.priceCents,
    interval: billing.interval ?? current.interval,
    memberSince: venueToday(row.createdAt),
    status: endsOn ? "ending" : "active",
    renewsOn,
    endsOn,
    // A paying member's comped months: nothing is charged until then (renewsOn is that date too).
    compedUntil: row.compEndsAt ? venueToday(row.compEndsAt) : null,
    card: billing.card
      ? { label: cardLabel(billing.card), expMonth: billing.card.expMonth, expYear: billing.card.expYear }
      : null,
    invoices: billing.invoices,
    billingAvailable: available,
    canChangeCard: deps.payments !== null && row.stripeCustomerId !== null,
    testMode: deps.payments?.name === "test",
  };
  return {
    membership,
    selfCancel: {
      allowed: policy.enabled && !endsOn,
      message: selfCancelMessage({ policyOn: policy.enabled, endsOn, renewsOn, phone: venue.phone }),
    },
  };
}

/** "Change card": the provider's hosted page for this member's card, returning to /my-membership. */
export async function openBillingPortal(deps: AppDeps, userId: string): Promise<{ url: string }> {
  const row = await loadMemberRow(deps.db, userId);
  if (!row.isMember) throw new AppError("NOT_FOUND", "Membership not found");
  const provider = deps.payments;
  if (!provider) throw new AppError("PAYMENTS_UNAVAILABLE", "Online payment is not configured");
  if (!row.stripeCustomerId) {
    const venue = await loadVenueIdentity(deps.db, deps.config);
    throw new AppError(
      "CONFLICT",
      `No card is on file for this membership online. Please call us at ${venue.phone}.`,
    );
  }
  try {
    return await provider.openBillingPortal({
      customerId: row.stripeCustomerId,
      returnUrl: `${deps.config.publicUrl}/my-membership`,
      now: deps.now(),
    });
  } catch (err) {
    deps.logger.error({ err, userId }, "the billing portal could not be opened");
    throw new AppError("PAYMENT_PROVIDER", "Could not open the billing page. Please try again.");
  }
}
