import { and, desc, eq } from "drizzle-orm";
import type { RegistrationCheckoutResponse } from "../../contracts/events";
import { REGISTRATION_MESSAGES } from "../../domain/event-registration";
import { formatEventLongDate, playerNamesOf } from "../../domain/events";
import { formatTimeRange } from "../../domain/venue-time";
import { events, payments } from "../db/schema";
import { AppError } from "../errors";
import type { AppDeps } from "../kernel/deps";
import { present } from "../kernel/present";
import { openCheckoutSession } from "../payments/open-checkout-session";
import { loadVenueIdentity } from "../settings/venue-settings";
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
      .where(and(eq(payments.registrationId, registration.id), eq(payments.state, "created")))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    if (open?.checkoutUrl && open.providerSessionId && open.amountCents === registration.priceCents) {
      return { kind: "open" as const, url: open.checkoutUrl, sessionId: open.providerSessionId };
    }
    const [event] = await tx.select().from(events).where(eq(events.id, registration.eventId));
    const [payment] = await tx
      .insert(payments)
      .values({
        provider: provider.name,
        purpose: "event_registration",
        amountCents: registration.priceCents,
        registrationId: registration.id,
        state: "created",
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return { kind: "new" as const, registration, event: present(event), payment: present(payment) };
  });

  if (prepared.kind === "open") {
    return { url: prepared.url, provider: present(provider).name, sessionId: prepared.sessionId };
  }
  const { registration, event, payment } = prepared;
  const venue = await loadVenueIdentity(deps.db, deps.config);
  const base = deps.config.publicUrl;
  const back = `${base}/events/${event.id}?registration=${registration.id}`;
  const players = playerNamesOf(registration.playerNames);
  const session = await openCheckoutSession(deps, payment.id, () => {
    return present(provider).createCheckoutSession({
      paymentId: payment.id,
      holdId: null,
      registrationId: registration.id,
      purpose: "event_registration",
      lineItems: [
        {
          name: `${event.name} — ${formatEventLongDate(event.date)}`,
          description: [
            `${formatTimeRange(event.startTime.slice(0, 5), event.endTime.slice(0, 5))} at ${venue.venueName}`,
            ...(players.length > 0 ? [`Players: ${players.join(", ")}`] : []),
          ].join(" · "),
          amountCents: registration.priceCents,
        },
      ],
      discountCents: 0,
      couponCode: null,
      totalCents: registration.priceCents,
      customerEmail: registration.customerEmail,
      holdExpiresAt: present(registration.holdExpiresAt),
      now,
      successUrl: `${back}&checkout=success`,
      cancelUrl: `${back}&checkout=cancelled`,
    });
  });
  return { url: session.url, provider: present(provider).name, sessionId: session.sessionId };
}
