import type Stripe from "stripe";
import type { Tx } from "../db/client";
import { processedWebhookEvents } from "../db/schema";

/** What a webhook did, for the provider's log and the tests; "updated" is a later subscription event. */
export type WebhookOutcome = "confirmed" | "refunded" | "updated" | "duplicate" | "ignored" | "expired";

/**
 * The inbox: records the event id in the caller's transaction; false when it was already processed.
 * Because the insert commits or rolls back with the work it guards, an event is applied exactly once
 * however often (or however concurrently) the provider delivers it.
 */
export async function recordWebhookEvent(
  tx: Tx,
  provider: string,
  event: Stripe.Event,
  now: Date,
): Promise<boolean> {
  const inserted = await tx
    .insert(processedWebhookEvents)
    .values({ provider, eventId: event.id, eventType: event.type, processedAt: now })
    .onConflictDoNothing()
    .returning({ eventId: processedWebhookEvents.eventId });
  return inserted.length > 0;
}
