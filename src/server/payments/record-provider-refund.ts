import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { formatCents } from "../../domain/money";
import { remainingCents } from "../../domain/refund-amounts";
import type { Tx } from "../db/client";
import { paymentRefunds, payments } from "../db/schema";
import type { AppDeps } from "../deps";
import { type AuditDetails, type AuditOutcome, writeAudit } from "../kernel/staff/audit-log";
import { AppError } from "../lib/errors";
import { OUR_REFUND_KEY } from "../payment-provider";
import { awaitsItsPaidEvent } from "./awaits-paid-event";
import type { CheckoutPurposes } from "./checkout-purpose";
import { type PaymentRow, requireProvider, stripeId } from "./payment-rows";
import { recordRefund } from "./refund-payment";
import { recordWebhookEvent, type WebhookOutcome } from "./webhook-inbox";

/**
 * The provider's refund events (decision 043). Each carries one whole Refund (id, amount, status,
 * payment intent), so booking by the refund's id is idempotent whatever order they come in and
 * however often. charge.refunded is not used: since Stripe's 2022-11-15 API it carries only the
 * charge's running amount_refunded, no refund ids (docs/deployment.md lists what to subscribe to).
 */
export const PROVIDER_REFUND_EVENTS = ["refund.created", "refund.updated", "refund.failed"] as const;

/** The ledger's words for a refund the operator made in the provider's dashboard. */
export const DASHBOARD_REFUND_REASON = "Refunded in the Stripe dashboard";

/** A refund that will not move money (or no longer will): never booked. */
const NOT_MONEY_BACK = new Set(["failed", "canceled"]);

/** The payment a provider payment (Stripe's payment intent) belongs to, locked. */
async function lockPaymentByProviderPayment(
  tx: Tx,
  provider: string,
  providerPaymentId: string,
): Promise<PaymentRow | undefined> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)))
    .for("update");
  return payment;
}

/**
 * refund.created / refund.updated / refund.failed: a refund the provider made, whoever asked for it.
 * One transaction: the event id is recorded (a repeat is a no-op), the payment row is locked (so an
 * echo of a refund we are making waits for our own transaction and then finds its ledger row), and
 * a refund id the ledger does not hold yet is booked by the spine's recordRefund — the payment's
 * running total and state, one payment_refunds row without a staff actor — and audited. The
 * booking itself is left as it is (decision 043): staff see the refunded amount on it.
 * A membership's payment is found through its invoice. A refund of a payment of ours whose paid
 * event (its checkout's, or its invoice's) has not come yet is answered 503 and redelivered by the
 * provider (awaits-paid-event.ts). A refund of no payment of ours (another product on the account)
 * is ignored and logged; so is one the ledger cannot hold (more than remains, another currency).
 */
export async function recordProviderRefund(
  deps: AppDeps,
  purposes: CheckoutPurposes,
  event: Stripe.Event,
): Promise<WebhookOutcome> {
  const provider = requireProvider(deps);
  const refund = event.data.object as Stripe.Refund;
  const refundId = typeof refund.id === "string" && refund.id ? refund.id : null;
  const providerPaymentId = stripeId(refund.payment_intent);
  const log = { eventId: event.id, type: event.type, refundId, providerPaymentId };
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    if (!(await recordWebhookEvent(tx, provider.name, event, now))) return "duplicate";
    if (!refundId || !providerPaymentId || !Number.isInteger(refund.amount) || refund.amount <= 0) {
      deps.logger.warn({ ...log, amount: refund.amount }, "provider refund without an id, payment or amount");
      return "ignored";
    }
    let payment = await lockPaymentByProviderPayment(tx, provider.name, providerPaymentId);
    // A membership's payments row holds its invoice (checkout and renewals alike), and the event
    // names only the payment intent: the provider is asked which invoice it paid only for a payment
    // intent no row holds, which is rare (refunds are).
    const invoiceId = payment ? null : await provider.invoiceOfPayment(providerPaymentId);
    if (invoiceId) payment = await lockPaymentByProviderPayment(tx, provider.name, invoiceId);
    if (!payment) {
      if (await awaitsItsPaidEvent(tx, provider, purposes, { providerPaymentId, invoiceId })) {
        // Ours, but its paid event has not put it on its row yet (Stripe does not promise an
        // order): nothing is recorded, and the non-2xx answer has Stripe deliver it again.
        deps.logger.warn(
          { ...log, invoiceId },
          "provider refund of a payment whose paid event is not processed yet: retried",
        );
        throw new AppError("PAYMENTS_UNAVAILABLE", "The refunded payment is not recorded yet");
      }
      deps.logger.warn({ ...log, invoiceId }, "provider refund of a payment we do not know");
      return "ignored";
    }
    const [booked] = await tx
      .select({ id: paymentRefunds.id, amountCents: paymentRefunds.amountCents })
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.paymentId, payment.id), eq(paymentRefunds.providerRefundId, refundId)));
    const status = refund.status ?? "";
    if (NOT_MONEY_BACK.has(status)) {
      if (booked) {
        // The money we booked as given back did not go: staff must settle it with the customer.
        deps.logger.error(
          { ...log, paymentId: payment.id, status },
          "a booked refund failed at the provider",
        );
        await auditProviderRefund(tx, payment, "error", now, {
          refundId,
          status,
          amountCents: booked.amountCents,
          message: `Refund ${status} at Stripe`,
        });
      }
      return "ignored";
    }
    // Ours, or one an earlier event of this refund booked: the ledger holds it once.
    if (booked) return "duplicate";
    if (refund.currency && refund.currency.toLowerCase() !== payment.currency.toLowerCase()) {
      deps.logger.error(
        { ...log, paymentId: payment.id, currency: refund.currency },
        "provider refund in another currency",
      );
      return "ignored";
    }
    if (refund.amount > remainingCents(payment)) {
      deps.logger.error(
        { ...log, paymentId: payment.id, amount: refund.amount, remaining: remainingCents(payment) },
        "provider refund of more than remains of the payment",
      );
      return "ignored";
    }
    // A refund this app asked for names its idempotency key; one without it came from the dashboard.
    const ourKey = refund.metadata?.[OUR_REFUND_KEY];
    const reason = ourKey ? "Refund made by this app, booked from Stripe's event" : DASHBOARD_REFUND_REASON;
    const fresh = await recordRefund(tx, payment, {
      amountCents: refund.amount,
      refundId,
      idempotencyKey: ourKey || `provider-refund-${refundId}`,
      now,
      ledger: { actorUserId: null, reservationId: null, reason },
    });
    if (!fresh) {
      // The ledger holds this refund id on another payment (the unique index's last word): booked
      // once already, so the event is answered and nothing moves; staff can read why in the log.
      deps.logger.error(
        { ...log, paymentId: payment.id },
        "provider refund already booked on another payment",
      );
      return "duplicate";
    }
    const refundedCents = payment.refundedCents + refund.amount;
    await auditProviderRefund(tx, payment, "success", now, {
      refundId,
      amountCents: refund.amount,
      refundedCents,
      paidCents: payment.amountCents,
      purpose: payment.purpose,
      reason,
    });
    deps.logger.info(
      { ...log, paymentId: payment.id, amountCents: refund.amount, refundedCents },
      "provider refund booked",
    );
    return "refunded";
  });
}

/** The audit row of a provider refund: no staff actor, the payment as its target. */
function auditProviderRefund(
  tx: Tx,
  payment: PaymentRow,
  outcome: AuditOutcome,
  at: Date,
  details: AuditDetails,
) {
  return writeAudit(tx, {
    action: "provider_refund",
    targetType: "payment",
    targetId: payment.id,
    targetLabel: `${payment.purpose.replace("_", " ")} payment of ${formatCents(payment.amountCents)}`,
    actorUserId: null,
    outcome,
    at,
    details,
  });
}
