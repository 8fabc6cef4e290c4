import type { BookingContext } from "../../contracts/booking";
import { horizonDays, maxBookingDate } from "../../domain/booking-window";
import { venueToday } from "../../domain/venue-time";
import type { SessionUser } from "../auth/session-user";
import type { AppDeps } from "../deps";
import { loadVenueIdentity } from "../settings/venue-settings";
import { type PartyOptions, resolveBookingParty } from "./booking-party";
import { loadVenueTerms } from "./venue-terms";

/** What the booking screen needs before the first availability call: dates, durations, pricing, who. */
export async function getBookingContext(
  deps: AppDeps,
  viewer: SessionUser | null,
  options: PartyOptions,
): Promise<BookingContext> {
  const party = await resolveBookingParty(deps.db, viewer, options);
  const now = deps.now();
  const [venue, { card, rules }] = await Promise.all([
    loadVenueIdentity(deps.db, deps.config),
    loadVenueTerms(deps.db),
  ]);
  return {
    today: venueToday(now),
    maxDate: maxBookingDate(now, party.memberWindow, rules),
    horizonDays: horizonDays(rules, party.memberWindow),
    isMember: party.memberWindow,
    canUseNonMemberPricing: party.canUseNonMemberPricing,
    bookingFor: party.bookingFor,
    durations: { court: [...card.court.durations], dart_bay: [...card.dart_bay.durations] },
    defaultDurations: { court: card.court.defaultDuration, dart_bay: card.dart_bay.defaultDuration },
    holdMinutes: rules.holdMinutes,
    paymentProvider: deps.payments?.name ?? "none",
    // Told before the guest fills the form: without a provider the venue takes bookings by phone.
    onlinePayment: { available: deps.payments !== null, phone: venue.phone },
  };
}
