import { and, eq } from "drizzle-orm";
import type { CancelItemResponse } from "../../contracts/booking-holds";
import { evaluateCoupon, totalAfterDiscount } from "../../domain/coupons";
import type { Tx } from "../db/client";
import { holds, payments, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { endHolds, expireCheckoutSessions } from "../kernel/schedule/expire-holds";
import { AppError } from "../lib/errors";
import { present } from "../lib/present";
import { paymentsOf } from "../payments/payment-rows";
import { loadVenueIdentity } from "../settings/venue-settings";
import { COURT_BOOKING } from "./checkout-purpose";
import { loadCouponRule } from "./coupon-queries";
import { type HoldRow, loadHoldSummary } from "./hold-summary";
import { loadOwnedHold } from "./load-owned-hold";

export const CANCELLED_MESSAGE = "Reservation cancelled";
export const ALREADY_CANCELLED_MESSAGE = "Reservation was already cancelled";

/**
 * SPEC §4: removing a cart item in payment mode cancels that pending reservation — only for the
 * holder of the hold's token. The hold's totals are recomputed (the coupon is checked again against
 * the smaller cart), an open checkout session for the old amount is stopped, and removing the last
 * item ends the hold (releasing its coupon use).
 */
export async function cancelHoldItem(
  deps: AppDeps,
  input: { holdId: string; reservationId: string; holdToken: string },
): Promise<CancelItemResponse> {
  const now = deps.now();
  const venue = await loadVenueIdentity(deps.db, deps.config);
  const result = await deps.db.transaction(async (tx) => {
    const hold = await loadOwnedHold(tx, input.holdId, input.holdToken, { lock: true });
    if (hold.status === "active" && hold.expiresAt <= now) {
      await endHolds(tx, [hold.id], "expired", "hold_expired", now);
    }
    const [reservation] = await tx
      .select({ id: reservations.id, status: reservations.status })
      .from(reservations)
      .where(and(eq(reservations.id, input.reservationId), eq(reservations.holdId, hold.id)))
      .for("update");
    if (!reservation) throw new AppError("NOT_FOUND", "Reservation not found");
    if (reservation.status === "confirmed") {
      throw new AppError(
        "CONFLICT",
        `This reservation is already paid. To change or cancel it, call ${venue.phone}.`,
      );
    }
    if (reservation.status === "cancelled") {
      return { alreadyCancelled: true, couponRemovedReason: null, open: [] };
    }
    await tx
      .update(reservations)
      .set({ status: "cancelled", cancelReason: "item_removed", updatedAt: now })
      .where(eq(reservations.id, reservation.id));
    const couponRemovedReason = await recomputeHold(tx, hold, now);
    // The open session was for the old amount: stop it; "Pay" creates one for the new amount.
    const open = await tx
      .select({ id: payments.id, providerSessionId: payments.providerSessionId })
      .from(payments)
      .where(and(paymentsOf(COURT_BOOKING, hold.id), eq(payments.state, "created")));
    return { alreadyCancelled: false, couponRemovedReason, open };
  });
  await deps.schedule.changed();
  await expireCheckoutSessions(deps, result.open);
  const [hold] = await deps.db.select().from(holds).where(eq(holds.id, input.holdId));
  return {
    message: result.alreadyCancelled ? ALREADY_CANCELLED_MESSAGE : CANCELLED_MESSAGE,
    alreadyCancelled: result.alreadyCancelled,
    couponRemovedReason: result.couponRemovedReason,
    hold: await loadHoldSummary(deps.db, present(hold)),
  };
}

/** New subtotal, discount and total for what is left; the hold ends when nothing is. */
async function recomputeHold(tx: Tx, hold: HoldRow, now: Date): Promise<string | null> {
  const left = await tx
    .select({ priceCents: reservations.priceCents })
    .from(reservations)
    .where(and(eq(reservations.holdId, hold.id), eq(reservations.status, "pending")));
  if (left.length === 0) {
    await endHolds(tx, [hold.id], "cancelled", "hold_cancelled", now);
    return null;
  }
  const subtotalCents = left.reduce((sum, r) => sum + r.priceCents, 0);
  let couponId = hold.couponId;
  let discountCents = 0;
  let couponRemovedReason: string | null = null;
  if (couponId) {
    const coupon = await loadCouponRule(tx, couponId, now, {
      lock: true,
      excludeHoldId: hold.id,
      byId: true,
    });
    const result = evaluateCoupon(coupon?.rule ?? null, subtotalCents, now);
    if (result.ok) {
      discountCents = result.discountCents;
    } else {
      couponId = null;
      couponRemovedReason = result.message;
    }
  }
  await tx
    .update(holds)
    .set({
      couponId,
      subtotalCents,
      discountCents,
      totalCents: totalAfterDiscount(subtotalCents, discountCents),
      updatedAt: now,
    })
    .where(eq(holds.id, hold.id));
  return couponRemovedReason;
}
