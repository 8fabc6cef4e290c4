import { and, eq, isNull } from "drizzle-orm";
import type Stripe from "stripe";
import type { Tx } from "../db/client";
import { holds, payments, processedWebhookEvents, reservations } from "../db/schema";
import { latePaymentRefundEmail } from "../email/templates/late-payment-refund";
import { AppError } from "../errors";
import type { AppDeps } from "../kernel/deps";
import { loadVenueIdentity, type VenueIdentity } from "../settings/venue-settings";
import { confirmHold } from "./confirm-hold";
import { endHolds } from "./expire-holds";
import { type HoldRow, loadHoldItems } from "./hold-summary";
import { isUuid } from "./load-owned-hold";

export type FulfilmentOutcome = "confirmed" | "refunded" | "duplicate" | "ignored" | "expired";

type PaymentRow = typeof payments.$inferSelect;

/**
 * checkout.session.completed (and async_payment_succeeded) for a reservation payment — the only
 * place a paid booking becomes confirmed (DECISIONS.md). One transaction: the event id is recorded
 * first (a repeat finds it and changes nothing), the payment row is locked and only moves from
 * created/expired to completed or refunded, then the hold is fulfilled:
 * - hold still running → its reservations are confirmed;
 * - hold ended (expired or abandoned) → confirmed again if the same facility and time are still free;
 * - otherwise (slot taken, cart changed after checkout, hold already paid by another session) →
 *   refunded through the provider (idempotency key refund-<paymentId>) and the customer is emailed.
 * Any failure rolls everything back and answers non-2xx, so the provider retries.
 */
export async function confirmPayment(
  deps: AppDeps,
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
): Promise<FulfilmentOutcome> {
  const provider = deps.payments;
  if (!provider) throw new AppError("PAYMENT_PROVIDER", "Online payment is not configured");
  const now = deps.now();
  const venue = await loadVenueIdentity(deps.db, deps.config);
  return deps.db.transaction(async (tx) => {
    if (!(await recordEvent(tx, provider.name, event, now))) return "duplicate";
    const payment = await lockPayment(tx, provider.name, session);
    if (!payment?.holdId || payment.purpose !== "reservation") {
      deps.logger.warn(
        { sessionId: session.id, eventId: event.id },
        "webhook for an unknown checkout session",
      );
      return "ignored";
    }
    if (payment.state === "completed" || payment.state === "refunded") return "duplicate";
    // Card payments are paid on completion; a delayed method confirms on async_payment_succeeded.
    if (session.payment_status !== "paid" && session.payment_status !== "no_payment_required")
      return "ignored";
    const providerPaymentId =
      typeof session.payment_intent === "string"
        ? session.payment_intent
        : (session.payment_intent?.id ?? null);
    if (typeof session.amount_total === "number" && session.amount_total !== payment.amountCents) {
      deps.logger.error(
        { paymentId: payment.id, expected: payment.amountCents, paid: session.amount_total },
        "checkout amount differs from the payment row",
      );
    }
    await tx
      .update(payments)
      .set({ state: "completed", providerPaymentId, updatedAt: now })
      .where(eq(payments.id, payment.id));

    const [hold] = await tx.select().from(holds).where(eq(holds.id, payment.holdId)).for("update");
    if (!hold) throw new Error(`payment ${payment.id} refers to a missing hold`);
    const amountMatches = payment.amountCents === hold.totalCents;
    const confirmed =
      amountMatches &&
      hold.status !== "paid" &&
      (await confirmHold(tx, deps, {
        hold,
        paymentId: payment.id,
        late: hold.status !== "active",
        venue,
        now,
      }));
    if (confirmed) return "confirmed";
    await refundPayment(tx, deps, { payment, providerPaymentId, hold, venue, now });
    return "refunded";
  });
}

/** checkout.session.expired: the session stopped taking payment; a hold whose time is up ends too. */
export async function handleCheckoutExpired(
  deps: AppDeps,
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
): Promise<FulfilmentOutcome> {
  const provider = deps.payments;
  if (!provider) throw new AppError("PAYMENT_PROVIDER", "Online payment is not configured");
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    if (!(await recordEvent(tx, provider.name, event, now))) return "duplicate";
    const payment = await lockPayment(tx, provider.name, session);
    if (!payment?.holdId) return "ignored";
    await tx
      .update(payments)
      .set({ state: "expired", updatedAt: now })
      .where(and(eq(payments.id, payment.id), eq(payments.state, "created")));
    // A newer session may be running for the same hold (the cart changed): the hold's own clock decides.
    const [hold] = await tx.select().from(holds).where(eq(holds.id, payment.holdId)).for("update");
    if (hold?.status === "active" && hold.expiresAt <= now) {
      await endHolds(tx, [hold.id], "expired", "hold_expired", now);
    }
    return "expired";
  });
}

export async function recordEvent(
  tx: Tx,
  provider: string,
  event: Stripe.Event,
  now: Date,
): Promise<boolean> {
  const inserted = await tx
    .insert(processedWebhookEvents)
    .values({ provider, eventId: event.id, eventType: event.type, processedAt: now })
    .onConflictDoNothing()
    .returning({ eventId: processedWebhookEvents.eventId });
  return inserted.length > 0;
}

export async function lockPayment(
  tx: Tx,
  provider: string,
  session: Stripe.Checkout.Session,
): Promise<PaymentRow | undefined> {
  const [bySession] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerSessionId, session.id)))
    .for("update");
  if (bySession) return bySession;
  // The session was created but its id never stored (the server stopped in between): our own id
  // travels in the session's metadata.
  const paymentId = session.metadata?.paymentId;
  if (!paymentId || !isUuid(paymentId)) return undefined;
  const [byId] = await tx
    .select()
    .from(payments)
    .where(
      and(eq(payments.provider, provider), eq(payments.id, paymentId), isNull(payments.providerSessionId)),
    )
    .for("update");
  if (!byId) return undefined;
  await tx.update(payments).set({ providerSessionId: session.id }).where(eq(payments.id, byId.id));
  return { ...byId, providerSessionId: session.id };
}

async function refundPayment(
  tx: Tx,
  deps: AppDeps,
  input: {
    payment: PaymentRow;
    providerPaymentId: string | null;
    hold: HoldRow;
    venue: VenueIdentity;
    now: Date;
  },
) {
  const { payment, hold, now } = input;
  if (!input.providerPaymentId) throw new Error(`payment ${payment.id} has no provider payment to refund`);
  const [customer] = await tx
    .select({ name: reservations.customerName, email: reservations.customerEmail })
    .from(reservations)
    .where(eq(reservations.holdId, hold.id))
    .limit(1);
  if (customer?.email) {
    await deps.outbox.enqueue(tx, {
      to: customer.email,
      ...latePaymentRefundEmail({
        venue: input.venue,
        customerName: customer.name,
        items: await loadHoldItems(tx, hold.id),
        amountCents: payment.amountCents,
        bookUrl: `${deps.config.publicUrl}/book`,
      }),
      dedupeKey: `late-payment-refund-${payment.id}`,
    });
  }
  // Last, so a failure rolls the rest back and the retried webhook refunds with the same key.
  const { refundId } = await deps.payments!.refund({
    providerPaymentId: input.providerPaymentId,
    amountCents: payment.amountCents,
    idempotencyKey: `refund-${payment.id}`,
  });
  await tx
    .update(payments)
    .set({
      state: "refunded",
      refundedCents: payment.amountCents,
      providerRefundId: refundId,
      updatedAt: now,
    })
    .where(eq(payments.id, payment.id));
  deps.logger.info({ paymentId: payment.id, holdId: hold.id, refundId }, "late payment refunded");
}
