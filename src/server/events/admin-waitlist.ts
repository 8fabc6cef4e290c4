import { asc, eq } from "drizzle-orm";
import type { AdminWaitlistEntry, AdminWaitlistResponse } from "../../contracts/waitlist";
import {
  MAX_WAITLIST_OFFER_MINUTES,
  MIN_WAITLIST_OFFER_MINUTES,
  WAITLIST_MESSAGES,
  type WaitlistStatus,
} from "../../domain/waitlist";
import type { SessionUser } from "../auth/session-user";
import { eventWaitlist, venueSettings } from "../db/schema";
import type { AppDeps } from "../deps";
import { writeAudit } from "../kernel/staff/audit-log";
import { AppError, fieldError } from "../lib/errors";
import { loadVenueIdentity } from "../settings/venue-settings";
import { lockEvent } from "./event-queries";
import { loadOfferMinutes, makeOffer } from "./waitlist-offers";

/** Staff's view of one event's waitlist (admin event detail): everyone in join order, with position and offer state. */
export async function listEventWaitlist(deps: AppDeps, eventId: string): Promise<AdminWaitlistResponse> {
  const rows = await deps.db
    .select()
    .from(eventWaitlist)
    .where(eq(eventWaitlist.eventId, eventId))
    .orderBy(asc(eventWaitlist.seq));
  let waiting = 0;
  const entries: AdminWaitlistEntry[] = rows.map((r) => ({
    id: r.id,
    position: r.status === "waiting" ? ++waiting : null,
    customerName: r.customerName,
    customerEmail: r.customerEmail,
    customerPhone: r.customerPhone,
    isMember: r.isMember,
    status: r.status as WaitlistStatus,
    offeredAt: r.offeredAt?.toISOString() ?? null,
    offerExpiresAt: r.offerExpiresAt?.toISOString() ?? null,
    offeredByStaff: r.offeredByStaff,
    createdAt: r.createdAt.toISOString(),
  }));
  return { offerMinutes: await loadOfferMinutes(deps.db), entries };
}

/**
 * Staff offer a place by hand, to anyone still waiting or whose offer lapsed or was declined, out
 * of turn if they choose. Like adding a registration by hand it is staff's call, so capacity is
 * not checked: the offer holds one more place, and automatic offers wait until places free again.
 * Going out of turn is staff's decision, so it is written to the audit log with who did it.
 */
export async function offerPlaceByHand(
  deps: AppDeps,
  actor: SessionUser,
  eventId: string,
  entryId: string,
): Promise<AdminWaitlistResponse> {
  const venue = await loadVenueIdentity(deps.db, deps.config);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (!event) throw new AppError("NOT_FOUND", WAITLIST_MESSAGES.entryNotFound);
    const [entry] = await tx.select().from(eventWaitlist).where(eq(eventWaitlist.id, entryId)).for("update");
    if (!entry || entry.eventId !== event.id)
      throw new AppError("NOT_FOUND", WAITLIST_MESSAGES.entryNotFound);
    if (!["waiting", "lapsed", "declined"].includes(entry.status)) {
      throw new AppError("CONFLICT", WAITLIST_MESSAGES.cannotOffer);
    }
    const minutes = await loadOfferMinutes(tx);
    await makeOffer(tx, deps, { event, entry, venue, now, minutes, byStaff: true });
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: "offer_waitlist_place",
      targetType: "waitlist_entry",
      targetId: entry.id,
      targetLabel: `${entry.customerName} (${entry.customerEmail}), ${event.name} on ${event.date}`,
      outcome: "success",
      at: now,
      details: { eventId: event.id, previousStatus: entry.status, offerMinutes: minutes },
    });
  });
  return listEventWaitlist(deps, eventId);
}

/** The venue's offer time, set by staff (DECISIONS.md: 2 hours by default). */
export async function setWaitlistOfferMinutes(
  deps: AppDeps,
  actor: SessionUser,
  minutes: number,
): Promise<{ offerMinutes: number }> {
  if (minutes < MIN_WAITLIST_OFFER_MINUTES || minutes > MAX_WAITLIST_OFFER_MINUTES) {
    throw fieldError("offerMinutes", WAITLIST_MESSAGES.offerMinutes);
  }
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const before = await loadOfferMinutes(tx);
    await tx
      .insert(venueSettings)
      .values({ id: 1, waitlistOfferMinutes: minutes, updatedAt: now })
      .onConflictDoUpdate({
        target: venueSettings.id,
        set: { waitlistOfferMinutes: minutes, updatedAt: now },
      });
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: "update_waitlist_offer_time",
      targetType: "venue_settings",
      targetId: "1",
      targetLabel: `${minutes} minutes`,
      outcome: "success",
      at: now,
      details: { before, after: minutes },
    });
  });
  return { offerMinutes: minutes };
}
