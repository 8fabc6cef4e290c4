import { formatCents } from "./money";
import { compareDates, venueToday } from "./venue-time";

// SPEC §3 coupon_codes, §9 Coupons. heldUses: DECISIONS "a hold that carries a coupon reserves one
// use of it (counted against max_uses with the redeemed uses) until it is paid or ends".
export type CouponRule = {
  code: string;
  type: "percentage" | "fixed_amount";
  /** Percentage as a number (10 = 10%, 12.5 = 12.5%); fixed amount in cents. */
  value: number;
  startDate: string;
  endDate: string;
  minPurchaseCents: number;
  maxUses: number | null;
  currentUses: number;
  heldUses: number;
  isActive: boolean;
};

export type CouponErrorCode =
  | "COUPON_INVALID"
  | "COUPON_NOT_YET_VALID"
  | "COUPON_EXPIRED"
  | "COUPON_MIN_PURCHASE"
  | "COUPON_USAGE_LIMIT";

export type CouponEvaluation =
  | { ok: true; discountCents: number }
  | { ok: false; code: CouponErrorCode; message: string };

const fail = (code: CouponErrorCode, message: string): CouponEvaluation => ({ ok: false, code, message });

/**
 * Percentage of a cent amount, rounded half up to the cent. The percentage is taken to
 * hundredths (the form's 0.01 step) and the arithmetic stays in integers.
 */
export function percentageOfCents(subtotalCents: number, percent: number): number {
  const basisPoints = Math.round(percent * 100);
  return Math.floor((subtotalCents * basisPoints + 5000) / 10000);
}

/**
 * SPEC §7 apply_coupon: the discount a coupon gives on a cart subtotal, checked in this order:
 * exists and active, started, not ended (both dates inclusive, in the venue's calendar),
 * minimum purchase, uses left. The discount never exceeds the subtotal.
 */
export function evaluateCoupon(
  coupon: CouponRule | null,
  subtotalCents: number,
  now: Date,
): CouponEvaluation {
  if (!coupon?.isActive) return fail("COUPON_INVALID", "Invalid coupon code");
  const today = venueToday(now);
  if (compareDates(today, coupon.startDate) < 0) {
    return fail("COUPON_NOT_YET_VALID", "This coupon is not yet valid");
  }
  if (compareDates(today, coupon.endDate) > 0) return fail("COUPON_EXPIRED", "This coupon has expired");
  if (subtotalCents < coupon.minPurchaseCents) {
    return fail(
      "COUPON_MIN_PURCHASE",
      `A minimum purchase of ${formatCents(coupon.minPurchaseCents)} is required for this coupon`,
    );
  }
  if (coupon.maxUses !== null && coupon.currentUses + coupon.heldUses >= coupon.maxUses) {
    return fail("COUPON_USAGE_LIMIT", "This coupon has reached its usage limit");
  }
  const raw =
    coupon.type === "percentage" ? percentageOfCents(subtotalCents, coupon.value) : Math.round(coupon.value);
  return { ok: true, discountCents: Math.max(0, Math.min(raw, subtotalCents)) };
}

/** SPEC §5 Public booking, Coupon: total = max(0, sum of item prices − discount). */
export function totalAfterDiscount(subtotalCents: number, discountCents: number): number {
  return Math.max(0, subtotalCents - discountCents);
}

/** What the admin's Status badge says (SPEC §2 Coupon Codes: Active or Inactive, issue 34 adds two). */
export type CouponStatus = "active" | "inactive" | "expired" | "used_up";

/**
 * A coupon staff turned off is Inactive; an active one past its end date (venue time) is Expired,
 * one whose redeemed uses reached max_uses is Used up; otherwise Active, as the spec shows it.
 */
export function couponStatus(
  coupon: Pick<CouponRule, "isActive" | "endDate" | "maxUses" | "currentUses">,
  now: Date,
): CouponStatus {
  if (!coupon.isActive) return "inactive";
  if (compareDates(venueToday(now), coupon.endDate) > 0) return "expired";
  if (coupon.maxUses !== null && coupon.currentUses >= coupon.maxUses) return "used_up";
  return "active";
}

export const COUPON_STATUS_LABELS: Record<CouponStatus, string> = {
  active: "Active",
  inactive: "Inactive",
  expired: "Expired",
  used_up: "Used up",
};
