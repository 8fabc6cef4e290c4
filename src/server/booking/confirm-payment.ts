import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Tx } from "../db/client";
import { holds, reservations } from "../db/schema";
import { latePaymentRefundEmail } from "../email/templates/late-payment-refund";
import type { AppDeps } from "../kernel/deps";
import { endHolds } from "../kernel/schedule/expire-holds";
import type { PaidCheckout } from "../payments/settle-checkout";
import { settleExpiredCheckout, settlePaidCheckout } from "../payments/settle-checkout";
import type { WebhookOutcome } from "../payments/webhook-inbox";
import { confirmHold } from "./confirm-hold";
import { type HoldRow, loadHoldItems } from "./hold-summary";

/**
 * A paid court booking (purpose "reservation"), through the payment spine's settle step:
 * - hold still running → its reservations are confirmed;
 * - hold ended (expired or abandoned) → confirmed again if the same facility and time are still free;
 * - otherwise (slot taken, cart changed after checkout, hold already paid by another session) →
 *   refunded by the spine, and the customer is emailed here.
 */
export async function confirmPayment(
  deps: AppDeps,
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
): Promise<WebhookOutcome> {
  return settlePaidCheckout(deps, event, session, {
    purpose: "reservation",
    owns: (payment) => payment.holdId !== null,
    fulfil: async (tx, paid) => {
      const { payment, venue, now } = paid;
      const [hold] = await tx
        .select()
        .from(holds)
        .where(eq(holds.id, payment.holdId as string))
        .for("update");
      if (!hold) throw new Error(`payment ${payment.id} refers to a missing hold`);
      const confirmed =
        payment.amountCents === hold.totalCents &&
        hold.status !== "paid" &&
        (await confirmHold(tx, deps, {
          hold,
          paymentId: payment.id,
          late: hold.status !== "active",
          venue,
          now,
        }));
      if (confirmed) return "confirmed";
      return {
        beforeRefund: async () => {
          await emailLatePaymentRefund(tx, deps, paid, hold);
          return { holdId: hold.id };
        },
      };
    },
  });
}

/** checkout.session.expired: a hold whose time is up ends too. */
export async function handleCheckoutExpired(
  deps: AppDeps,
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
): Promise<WebhookOutcome> {
  return settleExpiredCheckout(deps, event, session, {
    purpose: "reservation",
    owns: (payment) => payment.holdId !== null,
    afterExpired: async (tx, payment, now) => {
      // A newer session may be running for the same hold (the cart changed): the hold's own clock decides.
      const [hold] = await tx
        .select()
        .from(holds)
        .where(eq(holds.id, payment.holdId as string))
        .for("update");
      if (hold?.status === "active" && hold.expiresAt <= now) {
        await endHolds(tx, [hold.id], "expired", "hold_expired", now);
      }
    },
  });
}

async function emailLatePaymentRefund(tx: Tx, deps: AppDeps, paid: PaidCheckout, hold: HoldRow) {
  const [customer] = await tx
    .select({ name: reservations.customerName, email: reservations.customerEmail })
    .from(reservations)
    .where(eq(reservations.holdId, hold.id))
    .limit(1);
  if (!customer?.email) return;
  await deps.outbox.enqueue(tx, {
    to: customer.email,
    ...latePaymentRefundEmail({
      venue: paid.venue,
      customerName: customer.name,
      items: await loadHoldItems(tx, hold.id),
      amountCents: paid.payment.amountCents,
      bookUrl: `${deps.config.publicUrl}/book`,
    }),
    dedupeKey: `late-payment-refund-${paid.payment.id}`,
  });
}
