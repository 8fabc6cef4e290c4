import { eq } from "drizzle-orm";
import { formatTime12, formatTimeRange, minutesOf, venueNowTime } from "../../domain/venue-time";
import { eventRegistrations, events } from "../db/schema";
import type { AppDeps } from "../kernel/deps";
import type { TestCheckoutSteps } from "../payments/checkout-purpose";
import type { PaymentRow } from "../payments/payment-rows";
import { checkoutPage, messagePage } from "../payments/test-checkout-page";
import { BOOK_LINK, isOpenSession, isPaid, paymentCompletedEvent } from "../payments/test-checkout-session";
import { loadVenueIdentity } from "../settings/venue-settings";

// The built-in test checkout for an event registration (DECISIONS.md): the same page and the same
// signed-webhook path as a reservation; only what it shows and where it returns differ.

async function loadRegistration(deps: AppDeps, payment: PaymentRow) {
  if (!payment.registrationId) return null;
  const [row] = await deps.db
    .select({ registration: eventRegistrations, event: events })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(eq(eventRegistrations.id, payment.registrationId));
  return row ?? null;
}

/** Where the browser goes after paying or cancelling: back to the event page, which reports it. */
async function registrationReturnUrl(
  deps: AppDeps,
  payment: PaymentRow,
  outcome: "success" | "cancelled",
): Promise<string> {
  const row = await loadRegistration(deps, payment);
  if (!row) return "/events";
  return `/events/${row.event.id}?registration=${row.registration.id}&checkout=${outcome}`;
}

async function registrationCheckoutPage(
  deps: AppDeps,
  payment: PaymentRow,
  sessionId: string,
): Promise<{ html: string; status: 200 | 404 | 410 }> {
  const row = await loadRegistration(deps, payment);
  const eventsLink = { href: row ? `/events/${row.event.id}` : "/events", label: "Back to the event" };
  if (!row) {
    return {
      html: messagePage("Checkout not found", "This checkout link is not valid.", eventsLink),
      status: 404,
    };
  }
  if (isPaid(payment)) {
    return {
      html: messagePage("Already paid", "This checkout has already been paid.", {
        href: await registrationReturnUrl(deps, payment, "success"),
        label: "Continue",
      }),
      status: 200,
    };
  }
  const now = deps.now();
  if (!isOpenSession(payment, now)) {
    return {
      html: messagePage("Checkout expired", "Registration time expired. Please register again.", eventsLink),
      status: 410,
    };
  }
  const { event, registration } = row;
  const venue = await loadVenueIdentity(deps.db, deps.config);
  const [start, end] = [event.startTime.slice(0, 5), event.endTime.slice(0, 5)];
  return {
    html: checkoutPage({
      sessionId,
      venueName: venue.venueName,
      items: [
        {
          reservationId: registration.id,
          facilityType: "court",
          facilityId: 0,
          facilityName: event.name,
          date: event.date,
          startTime: start,
          endTime: end,
          displayTime: formatTimeRange(start, end),
          duration: minutesOf(end) - minutesOf(start),
          priceCents: payment.amountCents,
          status: "pending",
        },
      ],
      subtotalCents: payment.amountCents,
      discountCents: 0,
      couponCode: null,
      totalCents: payment.amountCents,
      expiresAtText: payment.expiresAt ? formatTime12(venueNowTime(payment.expiresAt)) : "",
    }),
    status: 200,
  };
}

export const registrationTestCheckout: TestCheckoutSteps = {
  page: registrationCheckoutPage,
  async pay(deps, payment, sessionId) {
    const success = await registrationReturnUrl(deps, payment, "success");
    if (isPaid(payment)) return { kind: "redirect", url: success };
    const now = deps.now();
    if (!isOpenSession(payment, now)) {
      // The same page as a reservation's (the pay button is only reached from an open page).
      return {
        kind: "page",
        html: messagePage(
          "Checkout expired",
          "Reservation time expired. Please choose your time again.",
          BOOK_LINK,
        ),
        status: 410,
      };
    }
    return { kind: "event", payload: paymentCompletedEvent(payment, sessionId, now), successUrl: success };
  },
  cancelUrl: (deps, payment) => (payment ? registrationReturnUrl(deps, payment, "cancelled") : "/events"),
};
