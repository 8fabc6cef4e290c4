import { and, count, eq, sql } from "drizzle-orm";
import type { WaitlistEntryResponse } from "../../contracts/waitlist";
import { registrationPriceCents } from "../../domain/event-registration";
import { WAITLIST_MESSAGES } from "../../domain/waitlist";
import type { Db, Tx } from "../db/client";
import { events, eventWaitlist } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";
import { loadOwnedWaitlistEntry } from "./load-owned-waitlist-entry";
import type { WaitlistRow } from "./waitlist-offers";

/** Place in line among those still waiting (1 = next), or null once no longer waiting. */
export async function positionOf(executor: Db | Tx, entry: WaitlistRow): Promise<number | null> {
  if (entry.status !== "waiting") return null;
  const [row] = await executor
    .select({ n: count() })
    .from(eventWaitlist)
    .where(
      and(
        eq(eventWaitlist.eventId, entry.eventId),
        eq(eventWaitlist.status, "waiting"),
        sql`${eventWaitlist.seq} <= ${entry.seq}`,
      ),
    );
  return row?.n ?? null;
}

/** The person's waitlist page: where they stand, and the offer when there is one. */
export async function getWaitlistEntry(
  deps: AppDeps,
  id: string,
  token: string,
): Promise<WaitlistEntryResponse> {
  const { entry, viaOffer } = await loadOwnedWaitlistEntry(deps.db, id, token);
  const [event] = await deps.db.select().from(events).where(eq(events.id, entry.eventId));
  if (!event) throw new AppError("NOT_FOUND", WAITLIST_MESSAGES.entryNotFound);
  const now = deps.now();
  const open = entry.status === "offered" && entry.offerExpiresAt !== null && entry.offerExpiresAt > now;
  return {
    entryId: entry.id,
    eventId: event.id,
    eventName: event.name,
    date: event.date,
    startTime: event.startTime.slice(0, 5),
    endTime: event.endTime.slice(0, 5),
    customerName: entry.customerName,
    // An offer whose time is up reads as lapsed even before the sweeper has passed it on.
    status:
      entry.status === "offered" && !open ? "lapsed" : (entry.status as WaitlistEntryResponse["status"]),
    position: await positionOf(deps.db, entry),
    offerExpiresAt: open ? (entry.offerExpiresAt?.toISOString() ?? null) : null,
    priceCents: registrationPriceCents(event, entry.isMember),
    canAccept: open && viaOffer,
    registrationId: entry.registrationId,
  };
}
