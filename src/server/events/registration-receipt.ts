import { eq } from "drizzle-orm";
import type { RegistrationReceipt } from "../../contracts/events";
import {
  REGISTRATION_LINK_DAYS_AFTER_END,
  REGISTRATION_MESSAGES,
  registrationReference,
} from "../../domain/event-registration";
import { playerNamesOf } from "../../domain/events";
import { mapUrlFor } from "../../domain/map-link";
import { venueInstant } from "../../domain/venue-time";
import type { SessionUser } from "../auth/session-user";
import type { Db, Tx } from "../db/client";
import { eventRegistrations, events, payments } from "../db/schema";
import type { AppDeps } from "../deps";
import { buildIcs } from "../email/ics";
import { referenceQrSvg } from "../email/reference-qr";
import { holdTokenMatches, newHoldToken } from "../kernel/hold-token";
import { AppError } from "../lib/errors";
import { isUuid } from "../lib/ids";
import { loadVenueIdentity, type VenueIdentity } from "../settings/venue-settings";
import type { EventRow } from "./event-queries";
import type { RegistrationRow } from "./load-owned-registration";

// Issue 34: an event registration ends on a receipt like a booking's (reference, amount paid, add to
// calendar), and the confirmation email carries a manage link that opens the same receipt.

export const registrationManagePath = (registrationId: string, token: string) =>
  `/registrations/${registrationId}?token=${encodeURIComponent(token)}`;

/** When a registration's manage link stops working: 7 days after its event ends. */
export const registrationLinkExpiry = (event: Pick<EventRow, "date" | "endTime">) =>
  new Date(
    venueInstant(event.date, event.endTime.slice(0, 5)).getTime() +
      REGISTRATION_LINK_DAYS_AFTER_END * 86_400_000,
  );

/**
 * A new manage link for a confirmed registration, minted in the caller's transaction as its
 * confirmation email is queued; only the token's SHA-256 is kept, so the email is the one place
 * the link lives (a later confirmation email would carry a new one).
 */
export async function mintRegistrationManageLink(tx: Tx, registrationId: string): Promise<string> {
  const { token, hash } = newHoldToken();
  await tx
    .update(eventRegistrations)
    .set({ manageTokenHash: hash })
    .where(eq(eventRegistrations.id, registrationId));
  return token;
}

type Reader = { token: string | null; user: SessionUser | null };

/**
 * The registration for whoever may read it: the browser holding its token, the manage link's token
 * (until the link expires), or the signed-in registrant. Anyone else gets the same 404 as for a
 * missing registration, so ids cannot be probed.
 */
async function loadReadableRegistration(
  db: Db,
  registrationId: string,
  who: Reader,
  now: Date,
): Promise<{ registration: RegistrationRow; event: EventRow }> {
  const [found] = await db
    .select({ registration: eventRegistrations, event: events })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(eq(eventRegistrations.id, registrationId))
    .limit(1);
  if (found) {
    const { registration, event } = found;
    const token = who.token;
    const byBrowser =
      token !== null &&
      registration.holdTokenHash !== null &&
      holdTokenMatches(token, registration.holdTokenHash);
    const byLink =
      token !== null &&
      registration.manageTokenHash !== null &&
      holdTokenMatches(token, registration.manageTokenHash) &&
      now < registrationLinkExpiry(event);
    const byOwner = who.user !== null && registration.userId === who.user.id;
    if (byBrowser || byLink || byOwner) return found;
  }
  throw new AppError("NOT_FOUND", REGISTRATION_MESSAGES.registrationNotFound);
}

export const registrationChangeMessage = (venue: Pick<VenueIdentity, "phone">) =>
  `To cancel or change your registration, call us at ${venue.phone}.`;

/** What the registration's payment took and gave back, from the payments table (0 when free). */
async function paymentAmounts(db: Db, registration: RegistrationRow) {
  if (registration.paymentStatus !== "paid" || registration.priceCents === 0) return { paid: 0, refunded: 0 };
  const [payment] =
    !registration.paymentId || !isUuid(registration.paymentId)
      ? []
      : await db
          .select({ amountCents: payments.amountCents, refundedCents: payments.refundedCents })
          .from(payments)
          .where(eq(payments.id, registration.paymentId))
          .limit(1);
  // No payment row (staff added it as paid, or demo data): it paid its price elsewhere.
  if (!payment)
    return { paid: registration.priceCents, refunded: registration.isRefunded ? registration.priceCents : 0 };
  return { paid: payment.amountCents, refunded: payment.refundedCents };
}

export async function getRegistrationReceipt(
  deps: AppDeps,
  registrationId: string,
  who: Reader,
): Promise<RegistrationReceipt> {
  const { registration, event } = await loadReadableRegistration(deps.db, registrationId, who, deps.now());
  const [venue, amounts] = await Promise.all([
    loadVenueIdentity(deps.db, deps.config),
    paymentAmounts(deps.db, registration),
  ]);
  const reference = registrationReference(registration.id);
  return {
    registrationId: registration.id,
    reference,
    status: registration.status as RegistrationReceipt["status"],
    isRefunded: registration.isRefunded,
    paidCents: amounts.paid,
    refundedCents: amounts.refunded,
    customerName: registration.customerName,
    customerEmail: registration.customerEmail,
    players: playerNamesOf(registration.playerNames),
    skillLevel: registration.skillLevel,
    event: {
      id: event.id,
      name: event.name,
      date: event.date,
      startTime: event.startTime.slice(0, 5),
      endTime: event.endTime.slice(0, 5),
    },
    venue: {
      venueName: venue.venueName,
      phone: venue.phone,
      address: venue.address,
      mapUrl: mapUrlFor(venue.address),
    },
    changeMessage: registrationChangeMessage(venue),
    checkInQrSvg: registration.status === "confirmed" ? await referenceQrSvg(reference) : null,
  };
}

/** "Add to calendar" on the receipt: the confirmed registration's event as one .ics file. */
export async function registrationCalendar(
  deps: AppDeps,
  registrationId: string,
  who: Reader,
): Promise<{ filename: string; body: string }> {
  const now = deps.now();
  const { registration, event } = await loadReadableRegistration(deps.db, registrationId, who, now);
  if (registration.status !== "confirmed") {
    throw new AppError("NOT_FOUND", REGISTRATION_MESSAGES.registrationNotFound);
  }
  const venue = await loadVenueIdentity(deps.db, deps.config);
  const reference = registrationReference(registration.id);
  const body = buildIcs({
    productName: venue.venueName,
    now,
    events: [
      {
        uid: `${registration.id}@event-registration`,
        start: venueInstant(event.date, event.startTime.slice(0, 5)),
        end: venueInstant(event.date, event.endTime.slice(0, 5)),
        summary: `${event.name} at ${venue.venueName}`,
        location: venue.address,
        description: `Registration ${reference}. ${registrationChangeMessage(venue)}`,
      },
    ],
  });
  return { filename: `event-${reference}.ics`, body };
}
