import { eq } from "drizzle-orm";
import { formatTime12, venueNowTime } from "../../domain/venue-time";
import { couponCodes, holds } from "../db/schema";
import type { CheckoutPurpose } from "../payments/checkout-purpose";
import { checkoutPage, messagePage } from "../payments/test-checkout-page";
import {
  BOOK_LINK,
  checkoutNotFoundPage,
  isOpenSession,
  isPaid,
  paymentCompletedEvent,
} from "../payments/test-checkout-session";
import { loadVenueIdentity } from "../settings/venue-settings";
import { confirmPayment, handleCheckoutExpired } from "./confirm-payment";
import { loadHoldItems } from "./hold-summary";

const successUrl = (sessionId: string) => `/success?session_id=${encodeURIComponent(sessionId)}`;

const expiredPage = () =>
  messagePage("Checkout expired", "Reservation time expired. Please choose your time again.", BOOK_LINK);

/** A court or dart bay booking paid online (payments.purpose "reservation"). */
export const courtBookingPurpose: CheckoutPurpose = {
  purpose: "reservation",
  completed: confirmPayment,
  expired: handleCheckoutExpired,
  testCheckout: {
    async page(deps, payment, sessionId) {
      if (!payment.holdId) return { html: checkoutNotFoundPage(), status: 404 };
      if (isPaid(payment)) {
        return {
          html: messagePage("Already paid", "This checkout has already been paid.", {
            href: successUrl(sessionId),
            label: "Continue",
          }),
          status: 200,
        };
      }
      if (!isOpenSession(payment, deps.now())) return { html: expiredPage(), status: 410 };
      const [hold] = await deps.db.select().from(holds).where(eq(holds.id, payment.holdId));
      const venue = await loadVenueIdentity(deps.db, deps.config);
      const coupon = hold?.couponId
        ? await deps.db.query.couponCodes.findFirst({ where: eq(couponCodes.id, hold.couponId) })
        : undefined;
      const items = (await loadHoldItems(deps.db, payment.holdId)).filter((i) => i.status === "pending");
      return {
        html: checkoutPage({
          sessionId,
          venueName: venue.venueName,
          items,
          subtotalCents: hold?.subtotalCents ?? payment.amountCents,
          discountCents: hold?.discountCents ?? 0,
          couponCode: coupon?.code ?? null,
          totalCents: payment.amountCents,
          expiresAtText: payment.expiresAt ? formatTime12(venueNowTime(payment.expiresAt)) : "",
        }),
        status: 200,
      };
    },
    async pay(deps, payment, sessionId) {
      if (isPaid(payment)) return { kind: "redirect", url: successUrl(sessionId) };
      const now = deps.now();
      if (!isOpenSession(payment, now)) return { kind: "page", html: expiredPage(), status: 410 };
      return {
        kind: "event",
        payload: paymentCompletedEvent(payment, sessionId, now),
        successUrl: successUrl(sessionId),
      };
    },
    cancelUrl: (_deps, _payment, sessionId) => `/cancel?session_id=${encodeURIComponent(sessionId)}`,
  },
};
