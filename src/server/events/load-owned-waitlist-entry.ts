import { eq } from "drizzle-orm";
import { WAITLIST_MESSAGES } from "../../domain/waitlist";
import type { Db, Tx } from "../db/client";
import { eventWaitlist } from "../db/schema";
import { holdTokenMatches } from "../kernel/hold-token";
import { AppError } from "../lib/errors";
import type { WaitlistRow } from "./waitlist-offers";

/**
 * A waitlist entry, only for whoever holds one of its tokens: the one returned on joining (and
 * emailed), or the current offer's (emailed with the offer). `viaOffer` says which one it was.
 */
export async function loadOwnedWaitlistEntry(
  executor: Db | Tx,
  id: string,
  token: string,
  options: { lock?: boolean } = {},
): Promise<{ entry: WaitlistRow; viaOffer: boolean }> {
  const query = executor.select().from(eventWaitlist).where(eq(eventWaitlist.id, id)).limit(1);
  const [entry] = options.lock ? await query.for("update") : await query;
  if (!entry) throw new AppError("NOT_FOUND", WAITLIST_MESSAGES.entryNotFound);
  const viaOffer = entry.offerTokenHash !== null && holdTokenMatches(token, entry.offerTokenHash);
  if (!viaOffer && !holdTokenMatches(token, entry.manageTokenHash)) {
    throw new AppError("FORBIDDEN", WAITLIST_MESSAGES.notYours);
  }
  return { entry, viaOffer };
}

/** The entry's event id, read before any lock (lock order: the event, then the entry). */
export async function waitlistEventId(executor: Db | Tx, id: string): Promise<string> {
  const [row] = await executor
    .select({ eventId: eventWaitlist.eventId })
    .from(eventWaitlist)
    .where(eq(eventWaitlist.id, id));
  if (!row) throw new AppError("NOT_FOUND", WAITLIST_MESSAGES.entryNotFound);
  return row.eventId;
}
