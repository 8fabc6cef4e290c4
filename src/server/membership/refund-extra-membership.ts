import { eq } from "drizzle-orm";
import { formatCents } from "../../domain/money";
import type { Tx } from "../db/client";
import { payments, pendingMembershipSignups } from "../db/schema";
import type { AppDeps } from "../deps";
import { emailLayout } from "../email/layout";
import { escapeHtml } from "../lib/escape-html";
import { present } from "../lib/present";
import type { PaymentRow } from "../payments/payment-rows";
import { recordRefund } from "../payments/refund-payment";
import type { VenueIdentity } from "../settings/venue-settings";

type Extra = {
  payment: PaymentRow;
  signup: typeof pendingMembershipSignups.$inferSelect;
  subscriptionId: string | null;
  invoiceId: string | null;
};

/**
 * DECISIONS.md One email, one live membership subscription: a second subscription that was paid
 * anyway (a checkout opened before the first was paid, two paid at once) is cancelled and refunded
 * through the provider, the customer is emailed, and the account keeps its first subscription.
 * The provider call runs inside the webhook's transaction with an idempotency key: if it fails the
 * whole event rolls back and the provider's retry refunds once. The refund is booked as every refund
 * is (the spine's recordRefund: the ledger row and the payment's running total).
 */
export async function refundExtraMembership(tx: Tx, deps: AppDeps, venue: VenueIdentity, extra: Extra) {
  const { payment, signup } = extra;
  const now = deps.now();
  const { refundId } = await present(deps.payments, "payment provider").refundSubscription({
    subscriptionId: extra.subscriptionId,
    invoiceId: extra.invoiceId,
    amountCents: payment.amountCents,
    idempotencyKey: `refund-${payment.id}`,
  });
  // In the refund ledger as every refund is (decision 035), so payments less refunds stays revenue.
  await recordRefund(tx, payment, {
    amountCents: payment.amountCents - payment.refundedCents,
    refundId,
    idempotencyKey: `refund-${payment.id}`,
    now,
    ledger: { reason: "A second membership of one email" },
  });
  await tx
    .update(payments)
    .set({ providerSubscriptionId: extra.subscriptionId, providerPaymentId: extra.invoiceId, updatedAt: now })
    .where(eq(payments.id, payment.id));
  await tx
    .update(pendingMembershipSignups)
    .set({ status: "expired", passwordHash: "", updatedAt: now })
    .where(eq(pendingMembershipSignups.id, signup.id));
  const amount = formatCents(payment.amountCents);
  const greeting = signup.firstName ? `Hi ${signup.firstName},` : "Hi,";
  const body = `Your email ${signup.email} already has a ${venue.clubName} membership, so the second membership payment of ${amount} was cancelled and refunded in full. Depending on your bank, the refund can take 5–10 business days to appear. Your existing membership is unchanged.`;
  await deps.outbox.enqueue(tx, {
    to: signup.email,
    subject: `Your second ${venue.clubName} membership payment has been refunded`,
    text: `${greeting}\n\n${body}\n\nQuestions? Call us at ${venue.phone}.\n\n${venue.venueName}`,
    html: emailLayout(
      venue.venueName,
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p>Questions? Call us at ${escapeHtml(venue.phone)}.</p>`,
    ),
    dedupeKey: `membership-duplicate-refund-${payment.id}`,
  });
  deps.logger.warn({ paymentId: payment.id, signupId: signup.id }, "extra membership subscription refunded");
}
