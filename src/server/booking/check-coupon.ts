import type { CouponCheckRequest, CouponCheckResponse } from "../../contracts/booking";
import { COUPON_FORM_MESSAGES, checkCouponForm } from "../../domain/booking-form";
import { evaluateCoupon, totalAfterDiscount } from "../../domain/coupons";
import type { SessionUser } from "../auth/session-user";
import type { AppDeps } from "../deps";
import { AppError, fieldError } from "../lib/errors";
import { type BookingParty, resolveBookingParty } from "./booking-party";
import { loadCouponRule } from "./coupon-queries";
import { priceCartItems, sumCents } from "./price-cart";
import { loadVenueTerms } from "./venue-terms";

/**
 * SPEC §7 apply_coupon: the discount a code gives on this cart. The cart is priced here from its
 * items (never a total sent by the browser); the messages are the domain rule's (SPEC §5 Coupon).
 * Nothing is reserved: the use is held when "Continue to Payment" creates the hold.
 */
export async function checkCoupon(
  deps: AppDeps,
  viewer: SessionUser | null,
  input: CouponCheckRequest,
): Promise<CouponCheckResponse> {
  return priceWithCoupon(deps, await resolveBookingParty(deps.db, viewer, input), input);
}

/** The coupon check for a party already resolved (the quote asks it too). */
export async function priceWithCoupon(
  deps: AppDeps,
  party: BookingParty,
  input: CouponCheckRequest,
): Promise<CouponCheckResponse> {
  const problem = checkCouponForm(input.code, input.items.length);
  // An empty cart is not the code's fault; an empty or unknown code is.
  if (problem) {
    throw new AppError("VALIDATION", problem, undefined, {
      field: problem === COUPON_FORM_MESSAGES.code ? "code" : undefined,
    });
  }
  const now = deps.now();
  const subtotalCents = sumCents(priceCartItems(input.items, now, party, await loadVenueTerms(deps.db)));
  const coupon = await loadCouponRule(deps.db, input.code, now);
  const result = evaluateCoupon(coupon?.rule ?? null, subtotalCents, now);
  if (!result.ok) throw fieldError("code", result.message, "VALIDATION", { reason: result.code });
  return {
    code: coupon?.row.code ?? input.code.trim(),
    discountCents: result.discountCents,
    subtotalCents,
    totalCents: totalAfterDiscount(subtotalCents, result.discountCents),
  };
}
