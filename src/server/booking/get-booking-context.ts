import type { BookingContext } from "../../contracts/booking";
import { horizonDays, maxBookingDate } from "../../domain/booking-window";
import { DEFAULT_DURATION, PUBLIC_DURATIONS } from "../../domain/durations";
import { PAYMENT_HOLD_MINUTES } from "../../domain/payment-hold";
import { venueToday } from "../../domain/venue-time";
import type { AppDeps } from "../kernel/deps";
import { loadVenueIdentity } from "../settings/venue-settings";
import type { BookingParty } from "./booking-party";

/** What the booking screen needs before the first availability call: dates, durations, pricing, who. */
export async function getBookingContext(deps: AppDeps, party: BookingParty): Promise<BookingContext> {
  const now = deps.now();
  const venue = await loadVenueIdentity(deps.db, deps.config);
  return {
    today: venueToday(now),
    maxDate: maxBookingDate(now, party.memberWindow),
    horizonDays: horizonDays(party.memberWindow),
    isMember: party.memberWindow,
    canUseNonMemberPricing: party.canUseNonMemberPricing,
    bookingFor: party.bookingFor,
    durations: { court: [...PUBLIC_DURATIONS.court], dart_bay: [...PUBLIC_DURATIONS.dart_bay] },
    defaultDurations: { ...DEFAULT_DURATION },
    holdMinutes: PAYMENT_HOLD_MINUTES,
    paymentProvider: deps.payments?.name ?? "none",
    // Told before the guest fills the form: without a provider the venue takes bookings by phone.
    onlinePayment: { available: deps.payments !== null, phone: venue.phone },
  };
}
