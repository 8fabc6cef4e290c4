import type { CheckoutPurpose } from "../payments/checkout-purpose";
import {
  confirmRegistrationPayment,
  handleRegistrationCheckoutExpired,
} from "./confirm-registration-payment";
import { registrationTestCheckout } from "./registration-test-checkout";

/** An event registration paid online (payments.purpose "event_registration"). */
export const eventRegistrationPurpose: CheckoutPurpose = {
  purpose: "event_registration",
  completed: confirmRegistrationPayment,
  expired: handleRegistrationCheckoutExpired,
  testCheckout: registrationTestCheckout,
};
