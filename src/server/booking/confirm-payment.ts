import { eq } from "drizzle-orm";
import type { SelfServicePolicy } from "../../domain/self-service-policy";
import type { Tx } from "../db/client";
import { holds, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { latePaymentRefundEmail } from "../email/templates/late-payment-refund";
import { endHolds } from "../kernel/schedule/expire-holds";
import type { Fulfilment, PaidCheckout } from "../payments/checkout-purpose";
import type { PaymentRow } from "../payments/payment-rows";
import { cachedSelfServicePolicy } from "../settings/self-service-policy";
import { confirmHold } from "./confirm-hold";
import { type HoldRow, loadHoldItems } from "./hold-summary";

/** Read before the payment's transaction: the self-service policy its confirmation email states. */
export type CourtBookingPrepared = { policy: SelfServicePolicy };

export async function prepareCourtBooking(deps: AppDeps): Promise<CourtBookingPrepared> {
  return { policy: await cachedSelfServicePolicy(deps.db) };
}

/**
 * A paid court booking (purpose "reservation"), settled by the payment spine:
 * - hold still running → its reservations are confirmed;
 * - hold ended (expired or abandoned) → confirmed again if the same facility and time are still free;
 * - otherwise (slot taken, cart changed after checkout, hold already paid by another session) →
 *   refunded by the spine, and the customer is emailed here.
 */
export async function fulfilCourtBooking(
  tx: Tx,
  deps: AppDeps,
  paid: PaidCheckout<CourtBookingPrepared>,
): Promise<Fulfilment> {
  const { payment, venue, now } = paid;
  const [hold] = await tx
    .select()
    .from(holds)
    .where(eq(holds.id, payment.reference as string))
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
      policy: paid.prepared.policy,
      now,
    }));
  if (confirmed) {
    // A late payment took its places back: availability reads a hold's places as free once its time
    // is up, even before the sweeper ends it; other instances' caches hear it at commit. A live
    // hold's places were never free.
    if (hold.status !== "active" || hold.expiresAt <= now)
      await deps.schedule.changedAtCommit(tx, "places-taken");
    return "confirmed";
  }
  return {
    beforeRefund: async () => {
      await emailLatePaymentRefund(tx, deps, paid, hold);
      return { holdId: hold.id };
    },
  };
}

/** checkout.session.expired: a hold whose time is up ends too. */
export async function afterCourtBookingExpired(tx: Tx, _deps: AppDeps, payment: PaymentRow, now: Date) {
  // A newer session may be running for the same hold (the cart changed): the hold's own clock decides.
  const [hold] = await tx
    .select()
    .from(holds)
    .where(eq(holds.id, payment.reference as string))
    .for("update");
  if (hold?.status === "active" && hold.expiresAt <= now) {
    await endHolds(tx, [hold.id], "expired", "hold_expired", now);
  }
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
