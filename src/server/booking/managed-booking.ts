import { eq } from "drizzle-orm";
import type { HoldItem } from "../../contracts/booking-holds";
import { type SelfServicePolicy, selfCancelDecision } from "../../domain/self-service-policy";
import type { Tx } from "../db/client";
import { holds } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";
import { loadSelfServicePolicy } from "../settings/self-service-policy";
import { loadVenueIdentity, type VenueIdentity } from "../settings/venue-settings";
import { type HoldRow, loadHoldItems } from "./hold-summary";
import { BOOKING_NOT_FOUND, openManageLink } from "./manage-access";

export type ManagedBooking = {
  tx: Tx;
  now: Date;
  hold: HoldRow;
  venue: VenueIdentity;
  policy: SelfServicePolicy;
  items: HoldItem[];
};

/**
 * What a customer's change through a manage link starts with (cancel, reschedule): the link opened
 * (throttled per address), then in one transaction the hold locked, so two clicks change it once,
 * with the venue's self-service policy and the booking's items read under that lock.
 */
export async function changeManagedBooking<T>(
  deps: AppDeps,
  token: string,
  ip: string,
  change: (booking: ManagedBooking) => Promise<T>,
): Promise<T> {
  const opened = await openManageLink(deps, token, ip);
  const venue = await loadVenueIdentity(deps.db, deps.config);
  const changed = await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const [hold] = await tx.select().from(holds).where(eq(holds.id, opened.id)).for("update");
    if (!hold) throw new AppError("NOT_FOUND", BOOKING_NOT_FOUND);
    const policy = await loadSelfServicePolicy(tx);
    const items = await loadHoldItems(tx, hold.id);
    return change({ tx, now, hold, venue, policy, items });
  });
  await deps.schedule.changed();
  return changed;
}

/**
 * Refuses a change the venue's policy does not allow for a booking starting at `start` (decision
 * 019): off, or too close to the start. Each change says it in its own words, with the phone.
 */
export function requireSelfServiceAllowed(
  booking: Pick<ManagedBooking, "policy" | "venue" | "now">,
  start: Date | null,
  words: { off: (phone: string) => string; tooLate: (hours: number, phone: string) => string },
): void {
  const { policy, venue, now } = booking;
  const decision = selfCancelDecision(policy, start, now);
  if (decision.allowed) return;
  throw new AppError(
    "FORBIDDEN",
    decision.reason === "too_late" ? words.tooLate(policy.hoursBefore, venue.phone) : words.off(venue.phone),
  );
}
