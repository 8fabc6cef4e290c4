import type { RegistrationRequest, RegistrationResponse } from "../../contracts/events";
import {
  checkRegistrationForm,
  emptyToNull,
  REGISTRATION_MESSAGES,
  registrationPriceCents,
} from "../../domain/event-registration";
import { isUpcoming } from "../../domain/events";
import { holdEndsAt } from "../../domain/payment-hold";
import { INVALID_PHONE_MESSAGE, normalizeUsPhone } from "../../domain/phone";
import { eventRegistrations } from "../db/schema";
import { AppError, fieldError } from "../errors";
import type { AppDeps, SessionUser } from "../kernel/deps";
import { newHoldToken } from "../kernel/hold-token";
import { present } from "../kernel/present";
import { loadVenueIdentity } from "../settings/venue-settings";
import { canSeeEvent, countTakenPlaces, hasWaitingEntries, lockEvent } from "./event-queries";
import { queueRegistrationConfirmation } from "./registration-emails";

/**
 * SPEC §4 Event registration, public. With the event row locked: a price of 0 (the member price
 * for members) confirms at once ("Complete Registration", finalize-free-registration in one step);
 * otherwise the registration is pending with a 15-minute payment hold and an unguessable token,
 * and only the payment webhook confirms it. Pending holds still running count against capacity,
 * so at most max_participants ever end confirmed, however many people press at once.
 */
export async function registerForEvent(
  deps: AppDeps,
  viewer: SessionUser | null,
  eventId: string,
  input: RegistrationRequest,
): Promise<RegistrationResponse> {
  const phone = normalizeUsPhone(input.customerPhone ?? "");
  const venue = await loadVenueIdentity(deps.db, deps.config);
  if (!phone.ok) throw fieldError("phone", INVALID_PHONE_MESSAGE(venue.phone));
  const now = deps.now();

  return deps.db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (!event || !canSeeEvent(viewer, event))
      throw new AppError("NOT_FOUND", REGISTRATION_MESSAGES.notFound);
    const problem = checkRegistrationForm(input, event);
    if (problem) throw new AppError("VALIDATION", problem);
    if (!isUpcoming(event.date, event.endTime.slice(0, 5), now)) {
      throw new AppError("CONFLICT", REGISTRATION_MESSAGES.ended);
    }
    const taken = await countTakenPlaces(tx, event.id, now);
    if (taken.confirmed >= event.maxParticipants) throw new AppError("CONFLICT", REGISTRATION_MESSAGES.full);
    if (taken.confirmed + taken.held >= event.maxParticipants) {
      throw new AppError("CONFLICT", REGISTRATION_MESSAGES.held);
    }
    // Issue 15 §1: a freed place belongs to the people waiting for it, not to whoever clicks first.
    if (await hasWaitingEntries(tx, event.id)) throw new AppError("CONFLICT", REGISTRATION_MESSAGES.full);

    const isMember = viewer?.isMember ?? false;
    const priceCents = registrationPriceCents(event, isMember);
    const free = priceCents === 0;
    const token = free ? null : newHoldToken();
    const holdExpiresAt = free ? null : holdEndsAt(now);
    const [registration] = await tx
      .insert(eventRegistrations)
      .values({
        eventId: event.id,
        userId: viewer?.id ?? null,
        customerName: input.customerName.trim(),
        customerEmail: input.customerEmail.trim(),
        customerPhone: phone.value,
        playerNames: event.isPartnered ? emptyToNull(input.playerNames) : null,
        skillLevel: event.skillLevels.length > 0 ? emptyToNull(input.skillLevel) : null,
        isMember,
        status: free ? "confirmed" : "pending",
        paymentStatus: free ? "paid" : "pending",
        priceCents,
        holdTokenHash: token?.hash ?? null,
        holdExpiresAt,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (free)
      await queueRegistrationConfirmation(tx, deps, {
        registration: present(registration),
        event,
        venue,
        now,
      });
    return {
      registrationId: present(registration).id,
      eventId: event.id,
      status: free ? "confirmed" : "pending",
      priceCents,
      holdToken: token?.token ?? null,
      holdExpiresAt: holdExpiresAt?.toISOString() ?? null,
    };
  });
}
