import { and, count, eq, gte, sql } from "drizzle-orm";
import type { RegistrationRequest } from "../../contracts/events";
import type { JoinWaitlistResponse } from "../../contracts/waitlist";
import { checkRegistrationForm, emptyToNull, REGISTRATION_MESSAGES } from "../../domain/event-registration";
import { isUpcoming } from "../../domain/events";
import { INVALID_PHONE_MESSAGE, normalizeUsPhone } from "../../domain/phone";
import {
  freePlaces,
  WAITLIST_JOIN_LIMIT,
  WAITLIST_JOIN_WINDOW_MINUTES,
  WAITLIST_MESSAGES,
} from "../../domain/waitlist";
import { eventWaitlist } from "../db/schema";
import { waitlistJoinedEmail } from "../email/templates/event-waitlist";
import { AppError, fieldError } from "../errors";
import type { AppDeps, SessionUser } from "../kernel/deps";
import { newHoldToken } from "../kernel/hold-token";
import { present } from "../kernel/present";
import { loadVenueIdentity } from "../settings/venue-settings";
import { canSeeEvent, countTakenPlaces, hasWaitingEntries, lockEvent } from "./event-queries";
import { waitlistLink } from "./waitlist-offers";

/**
 * Issue 15 §1: "Join Waitlist" on a full event, with the registration form's fields, member or
 * guest. Only when no place is free for a newcomer (all taken, held or on offer, or people already
 * wait); one live entry per email per event; joins are throttled per address (staff exempt).
 */
export async function joinWaitlist(
  deps: AppDeps,
  viewer: SessionUser | null,
  eventId: string,
  input: RegistrationRequest,
  clientIp: string,
): Promise<JoinWaitlistResponse> {
  const phone = normalizeUsPhone(input.customerPhone ?? "");
  const venue = await loadVenueIdentity(deps.db, deps.config);
  if (!phone.ok) throw fieldError("phone", INVALID_PHONE_MESSAGE(venue.phone));
  const now = deps.now();
  if (!viewer?.isAdmin) {
    const since = new Date(now.getTime() - WAITLIST_JOIN_WINDOW_MINUTES * 60_000);
    const [recent] = await deps.db
      .select({ n: count() })
      .from(eventWaitlist)
      .where(and(eq(eventWaitlist.clientIp, clientIp), gte(eventWaitlist.createdAt, since)));
    if ((recent?.n ?? 0) >= WAITLIST_JOIN_LIMIT) {
      throw new AppError(
        "RATE_LIMITED",
        WAITLIST_MESSAGES.rateLimited(WAITLIST_JOIN_LIMIT, WAITLIST_JOIN_WINDOW_MINUTES),
      );
    }
  }

  return deps.db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (!event || !canSeeEvent(viewer, event))
      throw new AppError("NOT_FOUND", REGISTRATION_MESSAGES.notFound);
    const problem = checkRegistrationForm(input, event);
    if (problem) throw new AppError("VALIDATION", problem);
    if (!isUpcoming(event.date, event.endTime.slice(0, 5), now)) {
      throw new AppError("CONFLICT", REGISTRATION_MESSAGES.ended);
    }
    const free = freePlaces(event.maxParticipants, await countTakenPlaces(tx, event.id, now));
    if (free > 0 && !(await hasWaitingEntries(tx, event.id))) {
      throw new AppError("CONFLICT", WAITLIST_MESSAGES.notOpen);
    }
    const email = input.customerEmail.trim();
    const [already] = await tx
      .select({ id: eventWaitlist.id })
      .from(eventWaitlist)
      .where(
        and(
          eq(eventWaitlist.eventId, event.id),
          sql`lower(${eventWaitlist.customerEmail}) = lower(${email})`,
          sql`${eventWaitlist.status} in ('waiting', 'offered')`,
        ),
      );
    if (already) throw new AppError("CONFLICT", WAITLIST_MESSAGES.alreadyOn);

    const token = newHoldToken();
    const [entry] = await tx
      .insert(eventWaitlist)
      .values({
        eventId: event.id,
        userId: viewer?.id ?? null,
        customerName: input.customerName.trim(),
        customerEmail: email,
        customerPhone: phone.value,
        playerNames: event.isPartnered ? emptyToNull(input.playerNames) : null,
        skillLevel: event.skillLevels.length > 0 ? emptyToNull(input.skillLevel) : null,
        isMember: viewer?.isMember ?? false,
        manageTokenHash: token.hash,
        clientIp,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const row = present(entry);
    const [ahead] = await tx
      .select({ n: count() })
      .from(eventWaitlist)
      .where(
        and(
          eq(eventWaitlist.eventId, event.id),
          eq(eventWaitlist.status, "waiting"),
          sql`${eventWaitlist.seq} <= ${row.seq}`,
        ),
      );
    const position = ahead?.n ?? 1;
    await deps.outbox.enqueue(tx, {
      to: email,
      ...waitlistJoinedEmail({
        venue,
        customerName: row.customerName,
        event,
        link: waitlistLink(deps, row.id, token.token),
        position,
      }),
      dedupeKey: `waitlist-joined-${row.id}`,
    });
    return { entryId: row.id, eventId: event.id, position, token: token.token };
  });
}
