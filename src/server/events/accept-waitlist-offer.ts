import { eq } from "drizzle-orm";
import type { AcceptOfferResponse } from "../../contracts/waitlist";
import { registrationPriceCents } from "../../domain/event-registration";
import { isUpcoming } from "../../domain/events";
import { holdEndsAt } from "../../domain/payment-hold";
import { WAITLIST_MESSAGES } from "../../domain/waitlist";
import { eventRegistrations, eventWaitlist } from "../db/schema";
import type { AppDeps } from "../deps";
import { newHoldToken } from "../kernel/hold-token";
import { AppError } from "../lib/errors";
import { present } from "../lib/present";
import { loadBookingRules } from "../settings/booking-rules";
import { loadVenueIdentity } from "../settings/venue-settings";
import { lockEvent } from "./event-queries";
import { loadOwnedWaitlistEntry, waitlistEventId } from "./load-owned-waitlist-entry";
import { queueRegistrationConfirmation } from "./registration-emails";

/**
 * Issue 15 §1: the offer's holder takes the place. The offer already holds it (countTakenPlaces
 * counts open offers), so no recount: a free event registers at once; a paid one becomes a pending
 * registration that keeps holding the place (until the offer's end, and at least the usual payment
 * hold) and goes through the event registration checkout like any other (docs/decisions/022).
 */
export async function acceptWaitlistOffer(
  deps: AppDeps,
  entryId: string,
  token: string,
): Promise<AcceptOfferResponse> {
  const venue = await loadVenueIdentity(deps.db, deps.config);
  const { holdMinutes } = await loadBookingRules(deps.db);
  const eventId = await waitlistEventId(deps.db, entryId);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    const { entry, viaOffer } = await loadOwnedWaitlistEntry(tx, entryId, token, { lock: true });
    if (!event) throw new AppError("NOT_FOUND", WAITLIST_MESSAGES.entryNotFound);
    if (!viaOffer) throw new AppError("FORBIDDEN", WAITLIST_MESSAGES.noOffer);
    if (entry.status === "lapsed" || (entry.status === "offered" && (entry.offerExpiresAt ?? now) <= now)) {
      throw new AppError("HOLD_EXPIRED", WAITLIST_MESSAGES.offerLapsed);
    }
    if (entry.status !== "offered" || !entry.offerExpiresAt)
      throw new AppError("CONFLICT", WAITLIST_MESSAGES.noOffer);
    if (!isUpcoming(event.date, event.endTime.slice(0, 5), now))
      throw new AppError("CONFLICT", WAITLIST_MESSAGES.ended);

    const priceCents = registrationPriceCents(event, entry.isMember);
    const free = priceCents === 0;
    const holdToken = free ? null : newHoldToken();
    const paymentHold = holdEndsAt(now, holdMinutes);
    const holdExpiresAt = free
      ? null
      : entry.offerExpiresAt > paymentHold
        ? entry.offerExpiresAt
        : paymentHold;
    const [registration] = await tx
      .insert(eventRegistrations)
      .values({
        eventId: event.id,
        userId: entry.userId,
        customerName: entry.customerName,
        customerEmail: entry.customerEmail,
        customerPhone: entry.customerPhone,
        playerNames: entry.playerNames,
        skillLevel: entry.skillLevel,
        isMember: entry.isMember,
        status: free ? "confirmed" : "pending",
        paymentStatus: free ? "paid" : "pending",
        priceCents,
        holdTokenHash: holdToken?.hash ?? null,
        holdExpiresAt,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const row = present(registration);
    await tx
      .update(eventWaitlist)
      .set({ status: "accepted", registrationId: row.id, updatedAt: now })
      .where(eq(eventWaitlist.id, entry.id));
    if (free) await queueRegistrationConfirmation(tx, deps, { registration: row, event, venue, now });
    deps.logger.info(
      { event: "waitlist.accepted", eventId: event.id, entryId: entry.id },
      "waitlist offer accepted",
    );
    return {
      registrationId: row.id,
      eventId: event.id,
      status: free ? "confirmed" : "pending",
      priceCents,
      holdToken: holdToken?.token ?? null,
      holdExpiresAt: holdExpiresAt?.toISOString() ?? null,
    };
  });
}
