import { and, asc, eq, inArray, isNotNull, lte, ne, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { holds, payments, reservations } from "../../db/schema";
import type { Logger } from "../../lib/logger";
import type { PaymentProvider } from "../../payment-provider";

/** What the sweep uses of the app's dependencies (AppDeps, src/server/deps.ts, sits above the kernel). */
export type ExpireHoldsDeps = { db: Db; now: () => Date; logger: Logger; payments: PaymentProvider | null };

type CancelReason = "hold_expired" | "hold_cancelled";

/**
 * Ends holds in the caller's transaction: the hold leaves 'active' (which also releases its coupon
 * use, counted only on active holds) and its pending reservations are cancelled.
 */
export async function endHolds(
  tx: Tx,
  holdIds: string[],
  status: "expired" | "cancelled",
  reason: CancelReason,
  now: Date,
): Promise<void> {
  if (holdIds.length === 0) return;
  await tx
    .update(holds)
    .set({ status, updatedAt: now })
    .where(and(inArray(holds.id, holdIds), eq(holds.status, "active")));
  await tx
    .update(reservations)
    .set({ status: "cancelled", cancelReason: reason, updatedAt: now })
    .where(and(inArray(reservations.holdId, holdIds), eq(reservations.status, "pending")));
}

/**
 * DECISIONS.md Payment hold: every active hold whose 15 minutes are up ends, in the caller's
 * transaction. The rows are locked in id order so two callers never deadlock; a caller that waited
 * sees them already ended and skips them. The background sweeper passes skipLocked: with several
 * instances sweeping at once each takes the holds no other has claimed, and none waits.
 */
export async function endDueHolds(
  tx: Tx,
  now: Date,
  options: { skipLocked?: boolean } = {},
): Promise<string[]> {
  const due = await tx
    .select({ id: holds.id })
    .from(holds)
    .where(and(eq(holds.status, "active"), lte(holds.expiresAt, now)))
    .orderBy(asc(holds.id))
    .for("update", options.skipLocked ? { skipLocked: true } : {});
  const ids = due.map((h) => h.id);
  await endHolds(tx, ids, "expired", "hold_expired", now);
  return ids;
}

/**
 * Whether any active hold's time is up, as a column of a select a caller runs anyway (create-hold.ts:
 * its reads are one statement). Only when it is true must `endDueHolds` lock and end them; a hold
 * due by `now` was created before it, so a later-starting statement cannot find one this missed.
 */
export function anyDueHoldColumn(now: Date): SQL {
  return sql`exists (select 1 from ${holds} where ${holds.status} = 'active' and ${holds.expiresAt} <= ${now.toISOString()}::timestamptz) as any_due_hold`;
}

/**
 * Stops the provider's checkout sessions that must no longer take payment (DECISIONS.md: "the
 * payment provider's checkout session is expired when the hold ends"). Best effort: a session
 * that still completes is handled by the late-payment path (confirm if free, otherwise refund).
 * Each payment is claimed (created → expired) before the provider is called, so with several
 * instances sweeping, each session is expired by exactly one of them.
 */
export async function expireCheckoutSessions(
  deps: ExpireHoldsDeps,
  open: Array<{ id: string; providerSessionId: string | null }>,
): Promise<number> {
  let expired = 0;
  for (const payment of open) {
    const claimed = await deps.db
      .update(payments)
      .set({ state: "expired", updatedAt: deps.now() })
      .where(and(eq(payments.id, payment.id), eq(payments.state, "created")))
      .returning({ id: payments.id });
    if (claimed.length === 0) continue;
    expired++;
    if (payment.providerSessionId && deps.payments) {
      try {
        await deps.payments.expireCheckoutSession(payment.providerSessionId);
      } catch (err) {
        deps.logger.warn(
          { err, paymentId: payment.id },
          "could not expire checkout session; a late payment will be confirmed or refunded",
        );
      }
    }
  }
  return expired;
}

/** Open checkout sessions whose hold is no longer active. */
async function sessionsOfEndedHolds(deps: ExpireHoldsDeps) {
  return (
    deps.db
      .select({ id: payments.id, providerSessionId: payments.providerSessionId })
      .from(payments)
      // A court booking's payment (purpose "reservation") refers to its hold, as a move's difference
      // (purpose "reschedule", issue 30 item 1) refers to the hold keeping its new time.
      .innerJoin(
        holds,
        and(inArray(payments.purpose, ["reservation", "reschedule"]), eq(holds.id, payments.reference)),
      )
      .where(
        and(eq(payments.state, "created"), isNotNull(payments.providerSessionId), ne(holds.status, "active")),
      )
      .limit(100)
  );
}

/** One business-event line per hold that ended on its own (docs/monitoring.md). */
export function logExpiredHolds(logger: Logger, holdIds: string[], by: string): void {
  for (const holdId of holdIds) logger.info({ event: "hold.expired", holdId, by }, "hold expired");
}

/** The sweeper (every HOLD_SWEEP_INTERVAL_MS, and after each new hold): ends due holds, then their checkout sessions. */
export async function expireHolds(deps: ExpireHoldsDeps): Promise<{ holds: number; sessions: number }> {
  const now = deps.now();
  const ended = await deps.db.transaction((tx) => endDueHolds(tx, now, { skipLocked: true }));
  logExpiredHolds(deps.logger, ended, "sweeper");
  const sessions = await expireCheckoutSessions(deps, await sessionsOfEndedHolds(deps));
  return { holds: ended.length, sessions };
}
