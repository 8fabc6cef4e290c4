import type { RegistrationRequest } from "../../contracts/events";
import { checkRegistrationForm, emptyToNull, REGISTRATION_MESSAGES } from "../../domain/event-registration";
import { isUpcoming } from "../../domain/events";
import { INVALID_PHONE_MESSAGE, normalizeUsPhone } from "../../domain/phone";
import type { SessionUser } from "../auth/session-user";
import type { Tx } from "../db/client";
import type { AppDeps } from "../deps";
import { AppError, fieldError } from "../lib/errors";
import { loadVenueIdentity, type VenueIdentity } from "../settings/venue-settings";
import { canSeeEvent, type EventRow, lockEvent } from "./event-queries";

export type RegistrationOpening = {
  tx: Tx;
  /** The event, its row locked until the transaction ends (capacity is decided under the lock). */
  event: EventRow;
  venue: VenueIdentity;
  now: Date;
  /** The person's columns, stored alike by event_registrations and event_waitlist. */
  registrant: {
    customerName: string;
    customerEmail: string;
    customerPhone: string | null;
    playerNames: string | null;
    skillLevel: string | null;
  };
};

/**
 * What registering for an event (SPEC §4) and joining its waitlist (issue 15 §1) both start with:
 * the phone checked (the venue's number in the message), then `beforeLock` (the waitlist's
 * throttle), then, in one transaction with the event row locked, the event visible to the viewer,
 * the form valid for it and the event not over. `perform` goes on in that transaction.
 */
export async function withRegistrationOpening<T>(
  deps: AppDeps,
  request: { viewer: SessionUser | null; eventId: string; input: RegistrationRequest },
  perform: (opening: RegistrationOpening) => Promise<T>,
  beforeLock?: (now: Date) => Promise<void>,
): Promise<T> {
  const { viewer, eventId, input } = request;
  const phone = normalizeUsPhone(input.customerPhone ?? "");
  const venue = await loadVenueIdentity(deps.db, deps.config);
  if (!phone.ok) throw fieldError("phone", INVALID_PHONE_MESSAGE(venue.phone));
  const now = deps.now();
  await beforeLock?.(now);

  return deps.db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (!event || !canSeeEvent(viewer, event))
      throw new AppError("NOT_FOUND", REGISTRATION_MESSAGES.notFound);
    const problem = checkRegistrationForm(input, event);
    if (problem) throw new AppError("VALIDATION", problem);
    if (!isUpcoming(event.date, event.endTime.slice(0, 5), now)) {
      throw new AppError("CONFLICT", REGISTRATION_MESSAGES.ended);
    }
    const registrant = {
      customerName: input.customerName.trim(),
      customerEmail: input.customerEmail.trim(),
      customerPhone: phone.value,
      playerNames: event.isPartnered ? emptyToNull(input.playerNames) : null,
      skillLevel: event.skillLevels.length > 0 ? emptyToNull(input.skillLevel) : null,
    };
    return perform({ tx, event, venue, now, registrant });
  });
}
