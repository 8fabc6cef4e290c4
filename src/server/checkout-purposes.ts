import { courtBookingPurpose } from "./booking/checkout-purpose";
import { eventRegistrationPurpose } from "./events/checkout-purpose";
import { membershipPurpose } from "./membership/checkout-purpose";
import { createCheckoutPurposes } from "./payments/checkout-purpose";

// Every kind of checkout the payment spine (webhook inbox, test checkout) dispatches to. A new
// purpose (waitlist offers, manage-link refunds) is a file in its feature plus one line here.
export const checkoutPurposes = createCheckoutPurposes(
  [courtBookingPurpose, eventRegistrationPurpose, membershipPurpose],
  // The test checkout's pages for a session no purpose claims.
  courtBookingPurpose.purpose,
);
