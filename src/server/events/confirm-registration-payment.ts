import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { isUpcoming } from "../../domain/events";
import type { FulfilmentOutcome } from "../booking/confirm-payment";
import { lockPayment, recordEvent } from "../booking/confirm-payment";
import type { Tx } from "../db/client";
import { eventRegistrations, payments } from "../db/schema";
import { AppError } from "../errors";
import type { AppDeps } from "../kernel/deps";
import { loadVenueIdentity, type VenueIdentity } from "../settings/venue-settings";
import { countTakenPlaces, type EventRow, lockEvent } from "./event-queries";
import type { RegistrationRow } from "./load-owned-registration";
import { queueLatePaymentRefund, queueRegistrationConfirmation } from "./registration-emails";

type PaymentRow = typeof payments.$inferSelect;

/**
 * checkout.session.completed (and async_payment_succeeded) for an event registration — the only
 * place a paid registration becomes confirmed (DECISIONS.md), built like confirm-payment.ts: one
 * transaction records the event id first (a repeat changes nothing), locks the payment, then the
 * event row (the same lock registrations take, so capacity is counted once at a time), then the
 * registration. It is confirmed when the amount matches, the event has not ended and a place is
 * free (its own running hold keeps one; after the hold ended, a place still free is fine).
 * Otherwise — the event filled meanwhile, was deleted, or the registration was already paid — the
 * payment is refunded through the provider (idempotency key refund-<paymentId>) and the person is
 * emailed. Any failure rolls back and answers non-2xx, so the provider retries.
 */
export async function confirmRegistrationPayment(
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
    if (payment?.purpose !== "event_registration") {
      deps.logger.warn({ sessionId: session.id, eventId: event.id }, "webhook for an unknown event checkout");
      return "ignored";
    }
    if (payment.state === "completed" || payment.state === "refunded") return "duplicate";
    if (session.payment_status !== "paid" && session.payment_status !== "no_payment_required")
      return "ignored";
    const providerPaymentId =
      typeof session.payment_intent === "string"
        ? session.payment_intent
        : (session.payment_intent?.id ?? null);
    await tx
      .update(payments)
      .set({ state: "completed", providerPaymentId, updatedAt: now })
      .where(eq(payments.id, payment.id));

    const { registration, eventRow } = await lockRegistrationAndEvent(tx, payment.registrationId);
    if (registration && eventRow && (await hasPlaceFor(tx, registration, eventRow, payment, now))) {
      await tx
        .update(eventRegistrations)
        .set({
          status: "confirmed",
          paymentStatus: "paid",
          paymentId: payment.id,
          holdExpiresAt: null,
          updatedAt: now,
        })
        .where(eq(eventRegistrations.id, registration.id));
      await queueRegistrationConfirmation(tx, deps, {
        registration: { ...registration, status: "confirmed", paymentStatus: "paid" },
        event: eventRow,
        venue,
        now,
      });
      return "confirmed";
    }
    await refundLatePayment(tx, deps, {
      payment,
      providerPaymentId,
      registration,
      eventRow,
      session,
      venue,
      now,
    });
    return "refunded";
  });
}

/** checkout.session.expired: the session stopped taking payment; the registration's own hold decides. */
export async function handleRegistrationCheckoutExpired(
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
    if (payment?.purpose !== "event_registration") return "ignored";
    await tx
      .update(payments)
      .set({ state: "expired", updatedAt: now })
      .where(and(eq(payments.id, payment.id), eq(payments.state, "created")));
    return "expired";
  });
}

/** Lock order everywhere: payment, then event, then registration. */
async function lockRegistrationAndEvent(tx: Tx, registrationId: string | null) {
  if (!registrationId) return { registration: null, eventRow: null };
  const [peek] = await tx
    .select({ eventId: eventRegistrations.eventId })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.id, registrationId));
  if (!peek) return { registration: null, eventRow: null };
  const eventRow = await lockEvent(tx, peek.eventId);
  const [registration] = await tx
    .select()
    .from(eventRegistrations)
    .where(eq(eventRegistrations.id, registrationId))
    .for("update");
  return { registration: registration ?? null, eventRow };
}

async function hasPlaceFor(
  tx: Tx,
  registration: RegistrationRow,
  event: EventRow,
  payment: PaymentRow,
  now: Date,
): Promise<boolean> {
  if (registration.status === "confirmed" || registration.isRefunded) return false;
  if (payment.amountCents !== registration.priceCents) return false;
  if (!isUpcoming(event.date, event.endTime.slice(0, 5), now)) return false;
  const taken = await countTakenPlaces(tx, event.id, now, registration.id);
  return taken.confirmed + taken.held < event.maxParticipants;
}

async function refundLatePayment(
  tx: Tx,
  deps: AppDeps,
  input: {
    payment: PaymentRow;
    providerPaymentId: string | null;
    registration: RegistrationRow | null;
    eventRow: EventRow | null;
    session: Stripe.Checkout.Session;
    venue: VenueIdentity;
    now: Date;
  },
) {
  const { payment, registration, now } = input;
  if (!input.providerPaymentId) throw new Error(`payment ${payment.id} has no provider payment to refund`);
  if (registration?.status === "pending") {
    await tx
      .update(eventRegistrations)
      .set({ status: "cancelled", holdExpiresAt: null, updatedAt: now })
      .where(eq(eventRegistrations.id, registration.id));
  }
  const to =
    registration?.customerEmail ??
    input.session.customer_details?.email ??
    input.session.customer_email ??
    null;
  if (to) {
    await queueLatePaymentRefund(tx, deps, {
      paymentId: payment.id,
      to,
      customerName: registration?.customerName ?? input.session.customer_details?.name ?? "",
      event: input.eventRow,
      amountCents: payment.amountCents,
      venue: input.venue,
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
  deps.logger.info(
    { paymentId: payment.id, registrationId: registration?.id, refundId },
    "late event payment refunded",
  );
}
