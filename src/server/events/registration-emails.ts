import { registrationReference } from "../../domain/event-registration";
import type { Tx } from "../db/client";
import type { eventRegistrations } from "../db/schema";
import type { AppDeps } from "../deps";
import { referenceQrPart } from "../email/reference-qr";
import {
  eventPaymentRefundEmail,
  eventRegistrationConfirmationEmail,
} from "../email/templates/event-registration";
import type { VenueIdentity } from "../settings/venue-settings";
import type { EventRow } from "./event-queries";
import { mintRegistrationManageLink, registrationManagePath } from "./registration-receipt";

type RegistrationRow = typeof eventRegistrations.$inferSelect;

/**
 * Queued in the caller's transaction, once per registration (the dedupe key), with the
 * registration's reference and a new manage link (issue 34).
 */
export async function queueRegistrationConfirmation(
  tx: Tx,
  deps: AppDeps,
  input: { registration: RegistrationRow; event: EventRow; venue: VenueIdentity; now: Date },
): Promise<void> {
  const { registration, event } = input;
  const manageToken = await mintRegistrationManageLink(tx, registration.id);
  await deps.outbox.enqueue(tx, {
    to: registration.customerEmail,
    ...eventRegistrationConfirmationEmail({
      venue: input.venue,
      registrationId: registration.id,
      customerName: registration.customerName,
      playerNames: registration.playerNames,
      skillLevel: registration.skillLevel,
      priceCents: registration.priceCents,
      event,
      eventUrl: `${deps.config.publicUrl}/events/${event.id}`,
      manageUrl: `${deps.config.publicUrl}${registrationManagePath(registration.id, manageToken)}`,
      now: input.now,
      qr: referenceQrPart(registrationReference(registration.id)),
    }),
    dedupeKey: `event-registration-confirmed-${registration.id}`,
  });
}

export async function queueLatePaymentRefund(
  tx: Tx,
  deps: AppDeps,
  input: {
    paymentId: string;
    to: string;
    customerName: string;
    event: EventRow | null;
    amountCents: number;
    venue: VenueIdentity;
  },
): Promise<void> {
  await deps.outbox.enqueue(tx, {
    to: input.to,
    ...eventPaymentRefundEmail({
      venue: input.venue,
      customerName: input.customerName,
      event: input.event,
      amountCents: input.amountCents,
      eventsUrl: `${deps.config.publicUrl}/events`,
    }),
    dedupeKey: `event-payment-refund-${input.paymentId}`,
  });
}
