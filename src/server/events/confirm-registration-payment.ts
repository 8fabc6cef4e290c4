import { eq } from "drizzle-orm";
import { isUpcoming } from "../../domain/events";
import type { Tx } from "../db/client";
import { eventRegistrations } from "../db/schema";
import type { AppDeps } from "../deps";
import type { Fulfilment, PaidCheckout } from "../payments/checkout-purpose";
import type { PaymentRow } from "../payments/payment-rows";
import { countTakenPlaces, type EventRow, lockEvent } from "./event-queries";
import type { RegistrationRow } from "./load-owned-registration";
import { queueLatePaymentRefund, queueRegistrationConfirmation } from "./registration-emails";

/**
 * A paid event registration (purpose "event_registration"), settled by the payment spine.
 * After the payment, the event row is locked (the same lock registrations take, so capacity is
 * counted once at a time), then the registration. It is confirmed when the amount matches, the
 * event has not ended and a place is free (its own running hold keeps one; after the hold ended, a
 * place still free is fine). Otherwise — the event filled meanwhile, was deleted, or the
 * registration was already paid — the registration is cancelled, the person emailed, and the spine
 * refunds the payment. When the session expires unpaid, the registration's own hold decides (no step).
 */
export async function fulfilRegistration(tx: Tx, deps: AppDeps, paid: PaidCheckout): Promise<Fulfilment> {
  const { payment, venue, now } = paid;
  const { registration, eventRow } = await lockRegistrationAndEvent(tx, payment.reference);
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
  return {
    beforeRefund: async () => {
      await undoRegistration(tx, deps, paid, registration, eventRow);
      return { registrationId: registration?.id };
    },
  };
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

async function undoRegistration(
  tx: Tx,
  deps: AppDeps,
  paid: PaidCheckout,
  registration: RegistrationRow | null,
  eventRow: EventRow | null,
) {
  const { payment, session, now } = paid;
  if (registration?.status === "pending") {
    await tx
      .update(eventRegistrations)
      .set({ status: "cancelled", holdExpiresAt: null, updatedAt: now })
      .where(eq(eventRegistrations.id, registration.id));
  }
  const to = registration?.customerEmail ?? session.customer_details?.email ?? session.customer_email ?? null;
  if (to) {
    await queueLatePaymentRefund(tx, deps, {
      paymentId: payment.id,
      to,
      customerName: registration?.customerName ?? session.customer_details?.name ?? "",
      event: eventRow,
      amountCents: payment.amountCents,
      venue: paid.venue,
    });
  }
}
