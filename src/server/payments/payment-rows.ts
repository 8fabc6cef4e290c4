import { and, asc, eq, inArray } from "drizzle-orm";
import type { Tx } from "../db/client";
import { payments } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";
import { isUuid } from "../lib/ids";
import type { PaymentProvider } from "../payment-provider";

export type PaymentRow = typeof payments.$inferSelect;

/** The payments of one purpose for one of its rows (a hold, a registration, a signup). */
export const paymentsOf = (purpose: string, reference: string) =>
  and(eq(payments.purpose, purpose), eq(payments.reference, reference));

/** Webhook handlers need the provider that signed the event; without one nothing can be verified. */
export function requireProvider(deps: AppDeps): PaymentProvider {
  if (!deps.payments) throw new AppError("PAYMENT_PROVIDER", "Online payment is not configured");
  return deps.payments;
}

/** A payment row by our id (staff refunds), locked; null for ids no provider issued (demo data). */
export async function lockPaymentById(tx: Tx, paymentId: string | null): Promise<PaymentRow | null> {
  if (!paymentId || !isUuid(paymentId)) return null;
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
  return payment ?? null;
}

/**
 * Several payments' rows locked at once, in id order (so two callers never deadlock), before the
 * caller locks their reservations: the order payment confirmation and staff refunds take them in.
 * Ids no provider issued (demo data) and nulls are skipped.
 */
export async function lockPaymentsByIds(tx: Tx, paymentIds: Array<string | null>): Promise<void> {
  const ids = [...new Set(paymentIds.filter((id): id is string => !!id && isUuid(id)))];
  if (ids.length === 0) return;
  await tx
    .select({ id: payments.id })
    .from(payments)
    .where(inArray(payments.id, ids))
    .orderBy(asc(payments.id))
    .for("update");
}

/** Stripe fields that are an id or the expanded object. */
export const stripeId = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);
