import { and, eq, isNotNull } from "drizzle-orm";
import { eventRegistrations, events, payments } from "../db/schema";
import type { AppDeps } from "../deps";
import { expireCheckoutSessions } from "../kernel/schedule/expire-holds";
import { loadVenueIdentity } from "../settings/venue-settings";
import { EVENT_REGISTRATION } from "./checkout-purpose";
import { eventsToSettle, settleEventWaitlist } from "./waitlist-offers";

/**
 * The background job of issue 15 §1 and §4 (every HOLD_SWEEP_INTERVAL_MS on every instance):
 * abandoned pending registrations are swept like booking holds, lapsed offers pass on, and freed
 * places are offered. Each event is settled in its own transaction with its row claimed FOR
 * UPDATE SKIP LOCKED: with several instances sweeping, each event is settled by one of them at a
 * time, and an event busy elsewhere (a registration, a payment, another sweeper) is left to the
 * next tick rather than waited for.
 */
export async function sweepEventWaitlists(
  deps: AppDeps,
): Promise<{ abandoned: number; lapsed: number; offered: number; sessions: number }> {
  const now = deps.now();
  const ids = await eventsToSettle(deps.db, now);
  const total = { abandoned: 0, lapsed: 0, offered: 0, sessions: 0 };
  if (ids.length > 0) {
    const venue = await loadVenueIdentity(deps.db, deps.config);
    for (const id of ids) {
      const result = await deps.db.transaction(async (tx) => {
        const [event] = await tx
          .select()
          .from(events)
          .where(eq(events.id, id))
          .for("update", { skipLocked: true });
        return event ? settleEventWaitlist(tx, deps, event, venue, now) : null;
      });
      if (!result) continue;
      total.abandoned += result.abandoned;
      total.lapsed += result.lapsed;
      total.offered += result.offered;
    }
  }
  // As for booking holds: the provider's session of a registration that ended stops taking payment.
  const open = await deps.db
    .select({ id: payments.id, providerSessionId: payments.providerSessionId })
    .from(payments)
    .innerJoin(eventRegistrations, eq(eventRegistrations.id, payments.reference))
    .where(
      and(
        eq(payments.purpose, EVENT_REGISTRATION),
        eq(payments.state, "created"),
        isNotNull(payments.providerSessionId),
        eq(eventRegistrations.status, "cancelled"),
      ),
    )
    .limit(100);
  total.sessions = await expireCheckoutSessions(deps, open);
  if (total.abandoned + total.lapsed + total.offered > 0) {
    deps.logger.info({ event: "waitlist.swept", ...total }, "event waitlists swept");
  }
  return total;
}
