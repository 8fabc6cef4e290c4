import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { registrationPriceCents } from "../../domain/event-registration";
import { isUpcoming } from "../../domain/events";
import { DEFAULT_WAITLIST_OFFER_MINUTES, freePlaces, offerEndsAt } from "../../domain/waitlist";
import type { Db, Tx } from "../db/client";
import { eventRegistrations, eventWaitlist, venueSettings } from "../db/schema";
import type { AppDeps } from "../deps";
import { waitlistOfferEmail, waitlistOfferLapsedEmail } from "../email/templates/event-waitlist";
import { newHoldToken } from "../kernel/hold-token";
import { loadVenueIdentity, type VenueIdentity } from "../settings/venue-settings";
import { countTakenPlaces, type EventRow, lockEvent } from "./event-queries";

export type WaitlistRow = typeof eventWaitlist.$inferSelect;

// Issue 15 §1 and §4 (docs/decisions/022). Every function here runs with the event row locked
// (lockEvent, the lock every registration, payment confirmation and capacity change takes), so
// "places free" is read and written by one transaction at a time per event: each free place gets
// exactly one offer, however many places free at once and however many server processes run.

/** The venue's offer time (staff set it in the admin event detail); 2 hours unless set. */
export async function loadOfferMinutes(executor: Db | Tx): Promise<number> {
  const [row] = await executor
    .select({ minutes: venueSettings.waitlistOfferMinutes })
    .from(venueSettings)
    .where(eq(venueSettings.id, 1));
  return row?.minutes ?? DEFAULT_WAITLIST_OFFER_MINUTES;
}

/** The person's waitlist page; the token in it is the only way in (its hash is what is stored). */
export const waitlistLink = (deps: AppDeps, entryId: string, token: string) =>
  `${deps.config.publicUrl}/waitlist/${entryId}?token=${encodeURIComponent(token)}`;

/** Offers one place to one entry: a fresh unguessable token, the hold's end, and the email. */
export async function makeOffer(
  tx: Tx,
  deps: AppDeps,
  input: {
    event: EventRow;
    entry: WaitlistRow;
    venue: VenueIdentity;
    now: Date;
    minutes: number;
    byStaff: boolean;
  },
): Promise<void> {
  const { event, entry, now } = input;
  const token = newHoldToken();
  const expiresAt = offerEndsAt(now, input.minutes);
  await tx
    .update(eventWaitlist)
    .set({
      status: "offered",
      offerTokenHash: token.hash,
      offeredAt: now,
      offerExpiresAt: expiresAt,
      offeredByStaff: input.byStaff,
      updatedAt: now,
    })
    .where(eq(eventWaitlist.id, entry.id));
  await deps.outbox.enqueue(tx, {
    to: entry.customerEmail,
    ...waitlistOfferEmail({
      venue: input.venue,
      customerName: entry.customerName,
      event,
      link: waitlistLink(deps, entry.id, token.token),
      expiresAt,
      priceCents: registrationPriceCents(event, entry.isMember),
    }),
    dedupeKey: `waitlist-offer-${entry.id}-${now.getTime()}`,
  });
  deps.logger.info(
    { event: "waitlist.offered", eventId: event.id, entryId: entry.id, byStaff: input.byStaff },
    "waitlist place offered",
  );
}

/**
 * The places free right now go to the first people waiting, in the order they joined: one offer
 * per free place. The caller holds the event lock.
 */
export async function offerFreePlaces(
  tx: Tx,
  deps: AppDeps,
  event: EventRow,
  venue: VenueIdentity,
  now: Date,
): Promise<number> {
  if (!isUpcoming(event.date, event.endTime.slice(0, 5), now)) return 0;
  const free = freePlaces(event.maxParticipants, await countTakenPlaces(tx, event.id, now));
  if (free === 0) return 0;
  const next = await tx
    .select()
    .from(eventWaitlist)
    .where(and(eq(eventWaitlist.eventId, event.id), eq(eventWaitlist.status, "waiting")))
    .orderBy(asc(eventWaitlist.seq))
    .limit(free);
  if (next.length === 0) return 0;
  const minutes = await loadOfferMinutes(tx);
  for (const entry of next) await makeOffer(tx, deps, { event, entry, venue, now, minutes, byStaff: false });
  return next.length;
}

/**
 * Brings one locked event's waitlist up to date: abandoned pending registrations (their payment
 * hold ended) are cancelled, offers whose time is up lapse (and the person is told), an ended
 * event's line closes, and the places now free are offered to the next people.
 */
export async function settleEventWaitlist(
  tx: Tx,
  deps: AppDeps,
  event: EventRow,
  venue: VenueIdentity,
  now: Date,
): Promise<{ abandoned: number; lapsed: number; offered: number }> {
  const abandoned = await tx
    .update(eventRegistrations)
    .set({ status: "cancelled", holdExpiresAt: null, updatedAt: now })
    .where(
      and(
        eq(eventRegistrations.eventId, event.id),
        eq(eventRegistrations.status, "pending"),
        lte(eventRegistrations.holdExpiresAt, now),
      ),
    )
    .returning({ id: eventRegistrations.id });
  if (!isUpcoming(event.date, event.endTime.slice(0, 5), now)) {
    await tx
      .update(eventWaitlist)
      .set({ status: "closed", updatedAt: now })
      .where(and(eq(eventWaitlist.eventId, event.id), inArray(eventWaitlist.status, ["waiting", "offered"])));
    return { abandoned: abandoned.length, lapsed: 0, offered: 0 };
  }
  const lapsed = await tx
    .update(eventWaitlist)
    .set({ status: "lapsed", updatedAt: now })
    .where(
      and(
        eq(eventWaitlist.eventId, event.id),
        eq(eventWaitlist.status, "offered"),
        lte(eventWaitlist.offerExpiresAt, now),
      ),
    )
    .returning();
  for (const entry of lapsed) {
    await deps.outbox.enqueue(tx, {
      to: entry.customerEmail,
      ...waitlistOfferLapsedEmail({
        venue,
        customerName: entry.customerName,
        event,
        eventUrl: `${deps.config.publicUrl}/events/${event.id}`,
      }),
      dedupeKey: `waitlist-lapsed-${entry.id}-${entry.offeredAt?.getTime() ?? 0}`,
    });
  }
  const offered = await offerFreePlaces(tx, deps, event, venue, now);
  return { abandoned: abandoned.length, lapsed: lapsed.length, offered };
}

/**
 * After something freed places of one event (a cancellation, refund, removed registration, raised
 * capacity, declined offer): its own transaction, waiting for the event lock, then settle. The
 * sweeper does the same for every event on its interval, so a failure here is caught up there.
 */
export async function refillEventWaitlist(deps: AppDeps, eventId: string): Promise<void> {
  try {
    const venue = await loadVenueIdentity(deps.db, deps.config);
    await deps.db.transaction(async (tx) => {
      const event = await lockEvent(tx, eventId);
      if (event) await settleEventWaitlist(tx, deps, event, venue, deps.now());
    });
  } catch (err) {
    deps.logger.warn({ err, eventId }, "could not offer freed event places; the sweeper will");
  }
}

/** Events with something for settleEventWaitlist to do, oldest need first. */
export async function eventsToSettle(db: Db, now: Date, limit = 200): Promise<string[]> {
  const at = now.toISOString();
  const rows = (await db.execute(sql`
    select e.id from events e
    where exists (
      select 1 from event_waitlist w where w.event_id = e.id
        and (w.status = 'waiting' or (w.status = 'offered' and w.offer_expires_at <= ${at}::timestamptz))
    ) or exists (
      select 1 from event_registrations r where r.event_id = e.id
        and r.status = 'pending' and r.hold_expires_at <= ${at}::timestamptz
    )
    order by e.date, e.start_time
    limit ${limit}
  `)) as unknown as { rows: Array<{ id: string }> };
  return rows.rows.map((r) => r.id);
}
