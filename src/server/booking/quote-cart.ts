import type { QuoteRequest, QuoteResponse } from "../../contracts/booking";
import type { AppDeps } from "../kernel/deps";
import type { BookingParty } from "./booking-party";
import { checkCoupon } from "./check-coupon";
import { priceCartItems, sumCents } from "./price-cart";

/**
 * The cart's subtotal, discount and total for the booking screen (CONVENTIONS: a component never
 * adds up prices). With a code it is the coupon check itself (SPEC §7 apply_coupon), so a code that
 * no longer applies to this cart is refused with the same reason; without one, the items priced here.
 */
export async function quoteCart(
  deps: AppDeps,
  party: BookingParty,
  input: QuoteRequest,
): Promise<QuoteResponse> {
  const code = input.code?.trim() ?? "";
  if (code !== "") {
    const priced = await checkCoupon(deps, party, { ...input, code });
    return {
      subtotalCents: priced.subtotalCents,
      discountCents: priced.discountCents,
      totalCents: priced.totalCents,
      couponCode: priced.code,
    };
  }
  const subtotalCents = sumCents(priceCartItems(input.items, deps.now(), party));
  return { subtotalCents, discountCents: 0, totalCents: subtotalCents, couponCode: null };
}
