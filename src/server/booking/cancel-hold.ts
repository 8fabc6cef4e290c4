import { and, eq } from "drizzle-orm";
import type { CancelHoldRequest, CancelHoldResponse } from "../../contracts/booking-holds";
import { holds, payments } from "../db/schema";
import type { AppDeps } from "../deps";
import { endHolds, expireCheckoutSessions } from "../kernel/schedule/expire-holds";
import { AppError } from "../lib/errors";
import { isUuid } from "../lib/ids";
import { present } from "../lib/present";
import { paymentsOf } from "../payments/payment-rows";
import { ALREADY_CANCELLED_MESSAGE, CANCELLED_MESSAGE } from "./cancel-hold-item";
import { COURT_BOOKING } from "./checkout-purpose";
import { loadHoldSummary } from "./hold-summary";
import { loadOwnedHold } from "./load-owned-hold";

/**
 * SPEC §2 /cancel: the checkout was abandoned, so the pending hold it came from is cancelled — by
 * the hold id or the provider's session id, always with the hold token — and its checkout session
 * is stopped, so it cannot be paid afterwards.
 */
export async function cancelHold(deps: AppDeps, input: CancelHoldRequest): Promise<CancelHoldResponse> {
  const now = deps.now();
  const holdId = await resolveHoldId(deps, input);
  const result = await deps.db.transaction(async (tx) => {
    const hold = await loadOwnedHold(tx, holdId, input.holdToken, { lock: true });
    if (hold.status === "paid") throw new AppError("CONFLICT", "This reservation is already paid");
    if (hold.status !== "active") return { alreadyCancelled: true, open: [] };
    if (hold.expiresAt <= now) await endHolds(tx, [hold.id], "expired", "hold_expired", now);
    else await endHolds(tx, [hold.id], "cancelled", "hold_cancelled", now);
    const open = await tx
      .select({ id: payments.id, providerSessionId: payments.providerSessionId })
      .from(payments)
      .where(and(paymentsOf(COURT_BOOKING, hold.id), eq(payments.state, "created")));
    return { alreadyCancelled: hold.expiresAt <= now, open };
  });
  await deps.schedule.changed();
  await expireCheckoutSessions(deps, result.open);
  const [hold] = await deps.db.select().from(holds).where(eq(holds.id, holdId));
  return {
    message: result.alreadyCancelled ? ALREADY_CANCELLED_MESSAGE : CANCELLED_MESSAGE,
    alreadyCancelled: result.alreadyCancelled,
    hold: await loadHoldSummary(deps.db, present(hold)),
  };
}

async function resolveHoldId(deps: AppDeps, input: CancelHoldRequest): Promise<string> {
  if (input.holdId) return input.holdId;
  if (input.checkoutSessionId) {
    const [payment] = await deps.db
      .select({ holdId: payments.reference })
      .from(payments)
      .where(
        and(eq(payments.providerSessionId, input.checkoutSessionId), eq(payments.purpose, COURT_BOOKING)),
      )
      .limit(1);
    if (payment?.holdId && isUuid(payment.holdId)) return payment.holdId;
  }
  throw new AppError("NOT_FOUND", "Reservation not found");
}
