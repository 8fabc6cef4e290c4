import { formatEventLongDate, playerNamesOf } from "../../domain/events";
import { formatTimeRange } from "../../domain/venue-time";
import type { StoredCheckout } from "../db/schema";
import type { CheckoutPurpose } from "../payments/checkout-purpose";
import type { VenueIdentity } from "../settings/venue-settings";
import { fulfilRegistration } from "./confirm-registration-payment";
import type { EventRow } from "./event-queries";
import type { RegistrationRow } from "./load-owned-registration";

/** payments.purpose of an event registration paid online; payments.reference is the registration. */
export const EVENT_REGISTRATION = "event_registration";

/** An event registration paid online. When its session expires unpaid, the registration's own hold decides. */
export const eventRegistrationPurpose: CheckoutPurpose = {
  purpose: EVENT_REGISTRATION,
  fulfil: fulfilRegistration,
  testCheckout: {
    expired: "Registration time expired. Please register again.",
    back: "Back to the event",
  },
};

/** Its checkout: the event at the registration's price, back to the event page, which reports it. */
export function eventRegistrationCheckout(input: {
  registration: RegistrationRow;
  event: EventRow;
  venue: VenueIdentity;
}): StoredCheckout {
  const { registration, event } = input;
  const players = playerNamesOf(registration.playerNames);
  const back = `/events/${event.id}?registration=${registration.id}`;
  return {
    mode: "payment",
    lineItems: [
      {
        name: `${event.name} — ${formatEventLongDate(event.date)}`,
        description: [
          `${formatTimeRange(event.startTime.slice(0, 5), event.endTime.slice(0, 5))} at ${input.venue.venueName}`,
          ...(players.length > 0 ? [`Players: ${players.join(", ")}`] : []),
        ].join(" · "),
        amountCents: registration.priceCents,
      },
    ],
    discountCents: 0,
    couponCode: null,
    customerEmail: registration.customerEmail,
    metadata: { registrationId: registration.id },
    recurring: null,
    successPath: `${back}&checkout=success`,
    cancelPath: `${back}&checkout=cancelled`,
    backPath: `/events/${event.id}`,
  };
}
