import type { CheckoutResponse, CreateHoldResponse } from "../../contracts/booking-holds";
import type { AppDeps } from "../deps";
import { insertCheckoutPayment, openCheckoutSession } from "../payments/open-checkout-session";
import { loadVenueIdentity } from "../settings/venue-settings";
import { COURT_BOOKING, courtBookingCheckout } from "./checkout-purpose";

/**
 * The checkout session of a hold just placed, answered with the hold itself (issue 35 item 2: the
 * booking page asks for it with `checkout: true`, so its "Pay $amount" needs no request of its own).
 * The same session start-checkout.ts would open: the payments row (state created) first, then the
 * provider outside any transaction. No lock on the hold is needed: its token has not left this
 * request, so no one else can cancel, pay or change it yet, and the hold's own transaction has
 * committed. The price is the hold's, computed by the server and shown by the page before Pay.
 *
 * Null when there is nothing to open here — a hold with nothing to pay (its confirmation waits for
 * the player's click, through the checkout endpoint) — or when the provider failed: the hold stands,
 * and the checkout endpoint tries again (and says why) when the player clicks Pay.
 */
export async function openHoldCheckout(
  deps: AppDeps,
  hold: CreateHoldResponse,
  customerEmail: string,
): Promise<CheckoutResponse | null> {
  const provider = deps.payments;
  if (!provider || hold.totalCents === 0) return null;
  const now = deps.now();
  const venue = await loadVenueIdentity(deps.db, deps.config);
  const checkout = courtBookingCheckout({
    hold: { id: hold.holdId, discountCents: hold.discountCents },
    items: hold.items,
    couponCode: hold.coupon?.code ?? null,
    customerEmail,
    venue,
  });
  const payment = await insertCheckoutPayment(deps.db, provider, {
    purpose: COURT_BOOKING,
    reference: hold.holdId,
    amountCents: hold.totalCents,
    checkout,
    now,
  });
  const session = await openCheckoutSession(deps, payment, { expiresAt: new Date(hold.expiresAt) });
  return { url: session.url, provider: provider.name, sessionId: session.sessionId, status: "redirect" };
}
