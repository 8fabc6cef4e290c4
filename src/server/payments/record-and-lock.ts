import { and, eq, isNull, or, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Tx } from "../db/client";
import { payments, processedWebhookEvents } from "../db/schema";
import { isUuid } from "../lib/ids";
import type { PaymentRow } from "./payment-rows";

/**
 * The payments row of a checkout session: by the stored session id, or by our payment id in the
 * session's metadata when the server stopped between creating the session and storing its id.
 */
export function paymentOfSession(provider: string, sessionId: string, metadataPaymentId?: string | null) {
  const byId = metadataPaymentId && isUuid(metadataPaymentId) ? metadataPaymentId : null;
  return and(
    eq(payments.provider, provider),
    or(
      eq(payments.providerSessionId, sessionId),
      byId ? and(eq(payments.id, byId), isNull(payments.providerSessionId)) : undefined,
    ),
  );
}

/**
 * A checkout session's event, the settling transaction's first statement (issue 35: a payment's
 * transaction is its round trips, one after another): the event id recorded in the inbox, as
 * recordWebhookEvent does, and the payment the session belongs to locked: by the stored session id,
 * or by our payment id in the session's metadata when the server stopped between creating the
 * session and storing its id (then the id is stored now). A payment of another purpose is not the
 * caller's and is neither returned nor touched.
 *
 * The inbox's insert is read by the join before any row is locked, so every delivery takes the
 * inbox row, then the payment: a second delivery of the same event waits for the first to commit,
 * finds it recorded and changes nothing. `fresh` is false for a repeat; `payment` is undefined for a
 * session we never opened (or of another purpose), whose event is recorded all the same.
 */
export async function recordEventAndLockPayment(
  tx: Tx,
  provider: string,
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
  options: { purpose: string; now: Date },
): Promise<{ fresh: boolean; payment: PaymentRow | undefined }> {
  const recorded = tx
    .$with("recorded")
    .as(
      tx
        .insert(processedWebhookEvents)
        .values({ provider, eventId: event.id, eventType: event.type, processedAt: options.now })
        .onConflictDoNothing()
        .returning({ eventId: processedWebhookEvents.eventId }),
    );
  const [row] = await tx
    .with(recorded)
    .select({ payment: payments, fresh: sql<boolean>`inbox.fresh` })
    .from(payments)
    .innerJoin(sql`(select exists (select 1 from ${recorded}) as fresh) inbox`, sql`true`)
    .where(paymentOfSession(provider, session.id, session.metadata?.paymentId))
    // The session's own row before a row found by the metadata's id.
    .orderBy(sql`${payments.providerSessionId} is null`)
    .limit(1)
    .for("update", { of: payments });
  if (!row) {
    // No payment to tell a repeat by (rare: a session we never opened): the inbox row is this
    // delivery's if this transaction wrote it.
    const [inbox] = await tx
      .select({ mine: sql<boolean>`${processedWebhookEvents}.xmin = pg_current_xact_id()::xid` })
      .from(processedWebhookEvents)
      .where(
        and(eq(processedWebhookEvents.provider, provider), eq(processedWebhookEvents.eventId, event.id)),
      );
    return { fresh: inbox?.mine === true, payment: undefined };
  }
  const { payment, fresh } = row;
  if (payment.purpose !== options.purpose) return { fresh, payment: undefined };
  if (payment.providerSessionId === session.id) return { fresh, payment };
  await tx.update(payments).set({ providerSessionId: session.id }).where(eq(payments.id, payment.id));
  return { fresh, payment: { ...payment, providerSessionId: session.id } };
}
