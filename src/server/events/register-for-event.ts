import type { RegistrationRequest, RegistrationResponse } from "../../contracts/events";
import { REGISTRATION_MESSAGES, registrationPriceCents } from "../../domain/event-registration";
import { holdEndsAt } from "../../domain/payment-hold";
import type { SessionUser } from "../auth/session-user";
import { eventRegistrations } from "../db/schema";
import type { AppDeps } from "../deps";
import { newHoldToken } from "../kernel/hold-token";
import { AppError } from "../lib/errors";
import { present } from "../lib/present";
import { loadBookingRules } from "../settings/booking-rules";
import { countTakenPlaces, hasWaitingEntries } from "./event-queries";
import { queueRegistrationConfirmation } from "./registration-emails";
import { withRegistrationOpening } from "./registration-opening";

/**
 * SPEC §4 Event registration, public. With the event row locked: a price of 0 (the member price
 * for members) confirms at once ("Complete Registration", finalize-free-registration in one step);
 * otherwise the registration is pending with the venue's payment hold (15 minutes by default) and an unguessable token,
 * and only the payment webhook confirms it. Pending holds still running count against capacity,
 * so at most max_participants ever end confirmed, however many people press at once.
 */
export async function registerForEvent(
  deps: AppDeps,
  viewer: SessionUser | null,
  eventId: string,
  input: RegistrationRequest,
): Promise<RegistrationResponse> {
  // Read before the transaction: the venue's hold time (booking rules), from the rules' cache.
  const { holdMinutes } = await loadBookingRules(deps.db);
  return withRegistrationOpening(
    deps,
    { viewer, eventId, input },
    async ({ tx, event, venue, now, registrant }) => {
      const taken = await countTakenPlaces(tx, event.id, now);
      if (taken.confirmed >= event.maxParticipants)
        throw new AppError("CONFLICT", REGISTRATION_MESSAGES.full);
      if (taken.confirmed + taken.held >= event.maxParticipants) {
        throw new AppError("CONFLICT", REGISTRATION_MESSAGES.held);
      }
      // Issue 15 §1: a freed place belongs to the people waiting for it, not to whoever clicks first.
      if (await hasWaitingEntries(tx, event.id)) throw new AppError("CONFLICT", REGISTRATION_MESSAGES.full);

      const isMember = viewer?.isMember ?? false;
      const priceCents = registrationPriceCents(event, isMember);
      const free = priceCents === 0;
      // A free place gets a token too: it opens the receipt in the browser that registered (issue 34).
      const token = newHoldToken();
      const holdExpiresAt = free ? null : holdEndsAt(now, holdMinutes);
      const [registration] = await tx
        .insert(eventRegistrations)
        .values({
          eventId: event.id,
          userId: viewer?.id ?? null,
          ...registrant,
          isMember,
          status: free ? "confirmed" : "pending",
          paymentStatus: free ? "paid" : "pending",
          priceCents,
          holdTokenHash: token.hash,
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
        holdToken: token.token,
        holdExpiresAt: holdExpiresAt?.toISOString() ?? null,
      };
    },
  );
}
