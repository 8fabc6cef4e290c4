import { and, desc, eq } from "drizzle-orm";
import type { RegistrationCheckoutResponse } from "../../contracts/events";
import { REGISTRATION_MESSAGES } from "../../domain/event-registration";
import { events, payments } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";
import { present } from "../lib/present";
import { insertCheckoutPayment, openCheckoutSession } from "../payments/open-checkout-session";
import { paymentsOf } from "../payments/payment-rows";
import { loadVenueIdentity } from "../settings/venue-settings";
import { EVENT_REGISTRATION, eventRegistrationCheckout } from "./checkout-purpose";
import { loadOwnedRegistration } from "./load-owned-registration";

/**
 * SPEC §7 create-event-checkout: a checkout session for exactly this registration's price, as
 * start-checkout does for reservations. A payments row (state created, purpose event_registration)
 * is written before the provider is called, outside any transaction, so the webhook always finds
 * its way back; a repeated click while a session for the same amount is open returns that session.
 */
export async function startRegistrationCheckout(
  deps: AppDeps,
  registrationId: string,
  token: string,
): Promise<RegistrationCheckoutResponse> {
  const now = deps.now();
  const provider = deps.payments;
  const venue = await loadVenueIdentity(deps.db, deps.config);
  const prepared = await deps.db.transaction(async (tx) => {
    const registration = await loadOwnedRegistration(tx, registrationId, token, { lock: true });
    if (registration.status === "confirmed")
      throw new AppError("CONFLICT", "This registration is already paid");
    if (
      registration.status !== "pending" ||
      !registration.holdExpiresAt ||
      registration.holdExpiresAt <= now
    ) {
      throw new AppError("HOLD_EXPIRED", REGISTRATION_MESSAGES.holdExpired);
    }
    if (!provider) {
      throw new AppError(
        "PAYMENT_PROVIDER",
        "Online payment is not available. Please call the venue to register.",
      );
    }
    const [open] = await tx
      .select()
      .from(payments)
      .where(and(paymentsOf(EVENT_REGISTRATION, registration.id), eq(payments.state, "created")))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    if (open?.checkoutUrl && open.providerSessionId && open.amountCents === registration.priceCents) {
      return { kind: "open" as const, url: open.checkoutUrl, sessionId: open.providerSessionId };
    }
    const [event] = await tx.select().from(events).where(eq(events.id, registration.eventId));
    const payment = await insertCheckoutPayment(tx, provider, {
      purpose: EVENT_REGISTRATION,
      reference: registration.id,
      amountCents: registration.priceCents,
      checkout: eventRegistrationCheckout({ registration, event: present(event), venue }),
      now,
    });
    return { kind: "new" as const, registration, payment };
  });

  if (prepared.kind === "open") {
    return { url: prepared.url, provider: present(provider).name, sessionId: prepared.sessionId };
  }
  const session = await openCheckoutSession(deps, prepared.payment, {
    expiresAt: present(prepared.registration.holdExpiresAt),
  });
  return { url: session.url, provider: present(provider).name, sessionId: session.sessionId };
}
