import { and, asc, eq } from "drizzle-orm";
import type { EventDetailResponse } from "../../contracts/events";
import { REGISTRATION_MESSAGES, registrationPriceCents } from "../../domain/event-registration";
import { playerNamesOf } from "../../domain/events";
import type { SessionUser } from "../auth/session-user";
import { eventRegistrations } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";
import { canSeeEvent, loadEventDto } from "./event-queries";

/**
 * SPEC §2 Event detail. A private event is "not found" for anyone but an admin, so its existence
 * does not leak. Participants are the confirmed-and-paid registrations, unless the event hides them.
 */
export async function getEvent(
  deps: AppDeps,
  viewer: SessionUser | null,
  id: string,
): Promise<EventDetailResponse> {
  const event = await loadEventDto(deps.db, id, deps.now());
  if (!event || !canSeeEvent(viewer, event)) throw new AppError("NOT_FOUND", REGISTRATION_MESSAGES.notFound);
  const participants = event.hideParticipants
    ? []
    : (
        await deps.db
          .select({
            customerName: eventRegistrations.customerName,
            playerNames: eventRegistrations.playerNames,
          })
          .from(eventRegistrations)
          .where(
            and(
              eq(eventRegistrations.eventId, id),
              eq(eventRegistrations.status, "confirmed"),
              eq(eventRegistrations.paymentStatus, "paid"),
            ),
          )
          .orderBy(asc(eventRegistrations.createdAt))
      ).map((r) => ({ customerName: r.customerName, players: playerNamesOf(r.playerNames) }));
  return {
    event,
    participants,
    viewerPriceCents: registrationPriceCents(event, viewer?.isMember ?? false),
    canRegister: event.status === "upcoming" && !event.isFull && !event.joinWaitlist,
    canJoinWaitlist: event.joinWaitlist,
  };
}
