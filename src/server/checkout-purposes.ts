import { courtBookingPurpose } from "./booking/checkout-purpose";
import { reschedulePurpose } from "./booking/reschedule-purpose";
import { eventRegistrationPurpose } from "./events/checkout-purpose";
import { membershipPurpose } from "./membership/checkout-purpose";
import { createCheckoutPurposes } from "./payments/checkout-purpose";

// Every kind of checkout the payment spine (webhook, test checkout) settles and shows. A new purpose
// is a checkout-purpose file in its feature plus one line here (docs/decisions/012).
export const checkoutPurposes = createCheckoutPurposes([
  courtBookingPurpose,
  reschedulePurpose,
  eventRegistrationPurpose,
  membershipPurpose,
]);
