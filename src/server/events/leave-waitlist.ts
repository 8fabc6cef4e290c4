import { eq } from "drizzle-orm";
import type { WaitlistEntryResponse } from "../../contracts/waitlist";
import { eventWaitlist } from "../db/schema";
import type { AppDeps } from "../deps";
import { loadVenueIdentity } from "../settings/venue-settings";
import { lockEvent } from "./event-queries";
import { getWaitlistEntry } from "./get-waitlist-entry";
import { loadOwnedWaitlistEntry, waitlistEventId } from "./load-owned-waitlist-entry";
import { offerFreePlaces } from "./waitlist-offers";

/**
 * Issue 15 §1: a person leaves the list (waiting → left), or declines the offer they hold
 * (offered → declined), and then the place passes to the next person at once, in the same
 * transaction. Leaving twice, or after the offer ended, changes nothing.
 */
export async function leaveWaitlist(
  deps: AppDeps,
  entryId: string,
  token: string,
): Promise<WaitlistEntryResponse> {
  const venue = await loadVenueIdentity(deps.db, deps.config);
  const eventId = await waitlistEventId(deps.db, entryId);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    const { entry } = await loadOwnedWaitlistEntry(tx, entryId, token, { lock: true });
    if (entry.status !== "waiting" && entry.status !== "offered") return;
    await tx
      .update(eventWaitlist)
      .set({ status: entry.status === "offered" ? "declined" : "left", updatedAt: now })
      .where(eq(eventWaitlist.id, entry.id));
    if (entry.status === "offered" && event) await offerFreePlaces(tx, deps, event, venue, now);
  });
  return getWaitlistEntry(deps, entryId, token);
}
