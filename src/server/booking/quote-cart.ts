import type { QuoteRequest, QuoteResponse } from "../../contracts/booking";
import type { SessionUser } from "../auth/session-user";
import type { AppDeps } from "../deps";
import { resolveBookingParty } from "./booking-party";
import { priceWithCoupon } from "./check-coupon";
import { priceCartItems, sumCents } from "./price-cart";
import { loadVenueTerms } from "./venue-terms";

/**
 * The cart's subtotal, discount and total for the booking screen (CONVENTIONS: a component never
 * adds up prices). With a code it is the coupon check itself (SPEC §7 apply_coupon), so a code that
 * no longer applies to this cart is refused with the same reason; without one, the items priced here.
 */
export async function quoteCart(
  deps: AppDeps,
  viewer: SessionUser | null,
  input: QuoteRequest,
): Promise<QuoteResponse> {
  const party = await resolveBookingParty(deps.db, viewer, input);
  const code = input.code?.trim() ?? "";
  if (code !== "") {
    const priced = await priceWithCoupon(deps, party, { ...input, code });
    return {
      subtotalCents: priced.subtotalCents,
      discountCents: priced.discountCents,
      totalCents: priced.totalCents,
      couponCode: priced.code,
    };
  }
  const terms = await loadVenueTerms(deps.db);
  const subtotalCents = sumCents(priceCartItems(input.items, deps.now(), party, terms));
  return { subtotalCents, discountCents: 0, totalCents: subtotalCents, couponCode: null };
}
