import { and, count, eq, gte, sql } from "drizzle-orm";
import type { RegistrationRequest } from "../../contracts/events";
import type { JoinWaitlistResponse } from "../../contracts/waitlist";
import {
  freePlaces,
  WAITLIST_JOIN_LIMIT,
  WAITLIST_JOIN_WINDOW_MINUTES,
  WAITLIST_MESSAGES,
} from "../../domain/waitlist";
import type { SessionUser } from "../auth/session-user";
import { eventWaitlist } from "../db/schema";
import type { AppDeps } from "../deps";
import { waitlistJoinedEmail } from "../email/templates/event-waitlist";
import { newHoldToken } from "../kernel/hold-token";
import { AppError } from "../lib/errors";
import { present } from "../lib/present";
import { countTakenPlaces, hasWaitingEntries } from "./event-queries";
import { withRegistrationOpening } from "./registration-opening";
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
  return withRegistrationOpening(
    deps,
    { viewer, eventId, input },
    async ({ tx, event, venue, now, registrant }) => {
      const free = freePlaces(event.maxParticipants, await countTakenPlaces(tx, event.id, now));
      if (free > 0 && !(await hasWaitingEntries(tx, event.id))) {
        throw new AppError("CONFLICT", WAITLIST_MESSAGES.notOpen);
      }
      const email = registrant.customerEmail;
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
          ...registrant,
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
    },
    viewer?.isAdmin ? undefined : (now) => throttleJoins(deps, clientIp, now),
  );
}

/** Joins are throttled per address (staff exempt): a refusal says the limit and the window. */
async function throttleJoins(deps: AppDeps, clientIp: string, now: Date): Promise<void> {
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
