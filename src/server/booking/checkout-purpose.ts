import type { HoldItem } from "../../contracts/booking-holds";
import { formatVenueDateShort } from "../../domain/booking-form";
import type { StoredCheckout } from "../db/schema";
import type { CheckoutPurpose } from "../payments/checkout-purpose";
import type { VenueIdentity } from "../settings/venue-settings";
import {
  afterCourtBookingExpired,
  type CourtBookingPrepared,
  fulfilCourtBooking,
  prepareCourtBooking,
} from "./confirm-payment";
import type { HoldRow } from "./hold-summary";

/** payments.purpose of a court or dart bay booking paid online; payments.reference is the hold. */
export const COURT_BOOKING = "reservation";

/** A court or dart bay booking paid online. */
export const courtBookingPurpose: CheckoutPurpose<CourtBookingPrepared> = {
  purpose: COURT_BOOKING,
  owns: (payment) => payment.reference !== null,
  prepare: prepareCourtBooking,
  fulfil: fulfilCourtBooking,
  afterExpired: afterCourtBookingExpired,
  testCheckout: {
    expired: "Reservation time expired. Please choose your time again.",
    back: "Back to booking",
  },
};

/** Its checkout: one line per held item, the hold's discount, back to /success or /cancel. */
export function courtBookingCheckout(input: {
  hold: Pick<HoldRow, "id" | "discountCents">;
  items: HoldItem[];
  couponCode: string | null;
  customerEmail: string | null;
  venue: VenueIdentity;
}): StoredCheckout {
  return {
    mode: "payment",
    lineItems: input.items.map((i) => ({
      name: i.facilityName,
      description: `${formatVenueDateShort(i.date)} · ${i.displayTime} (${i.duration} min) at ${input.venue.venueName}`,
      amountCents: i.priceCents,
    })),
    discountCents: input.hold.discountCents,
    couponCode: input.couponCode,
    customerEmail: input.customerEmail,
    metadata: { holdId: input.hold.id },
    recurring: null,
    successPath: "/success?session_id={CHECKOUT_SESSION_ID}",
    cancelPath: "/cancel?session_id={CHECKOUT_SESSION_ID}",
    backPath: "/book",
  };
}
