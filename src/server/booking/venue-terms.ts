import type { BookingRules } from "../../domain/booking-rules";
import type { RateCard } from "../../domain/rate-card";
import type { Db } from "../db/client";
import { loadBookingRules } from "../settings/booking-rules";
import { loadRateCard } from "../settings/rate-card";

/** What a booking is priced and checked by: the venue's rate card and booking rules (issue 32). */
export type VenueTerms = { card: RateCard; rules: BookingRules };

/** Both from this instance's cache of the venue's rules: no query unless a rule just changed. */
export async function loadVenueTerms(db: Db): Promise<VenueTerms> {
  const [card, rules] = await Promise.all([loadRateCard(db), loadBookingRules(db)]);
  return { card, rules };
}
