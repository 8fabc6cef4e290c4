import { and, eq, isNull } from "drizzle-orm";
import type Stripe from "stripe";
import type { Tx } from "../db/client";
import { payments, processedWebhookEvents } from "../db/schema";

/** What a membership webhook did; "updated" is a later subscription event applied to the member. */
export type MembershipOutcome = "confirmed" | "updated" | "duplicate" | "ignored" | "expired" | "refunded";

export type PaymentRow = typeof payments.$inferSelect;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Records the event id in the caller's transaction; false when it was already processed. Because the
 * insert commits or rolls back with the work it guards, an event is applied exactly once however
 * often (or however concurrently) the provider delivers it.
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

/**
 * The membership payment a checkout session belongs to, locked. By the stored session id, or — when
 * the server stopped before storing it — by our payment id in the session's metadata.
 */
export async function lockMembershipPayment(
  tx: Tx,
  provider: string,
  session: Stripe.Checkout.Session,
): Promise<PaymentRow | undefined> {
  const [bySession] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerSessionId, session.id)))
    .for("update");
  if (bySession) return bySession.purpose === "membership" ? bySession : undefined;
  const paymentId = session.metadata?.paymentId;
  if (!paymentId || !UUID_RE.test(paymentId)) return undefined;
  const [byId] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, provider),
        eq(payments.id, paymentId),
        eq(payments.purpose, "membership"),
        isNull(payments.providerSessionId),
      ),
    )
    .for("update");
  if (!byId) return undefined;
  await tx.update(payments).set({ providerSessionId: session.id }).where(eq(payments.id, byId.id));
  return { ...byId, providerSessionId: session.id };
}

export const stripeId = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);
