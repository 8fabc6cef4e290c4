import type { BookingContext } from "../../../contracts/booking";
import type { Pricing } from "./api/booking-keys";

/** SPEC §2: the toggle defaults to non-member pricing. Booking for a member starts at member prices. */
export const startsAtNonMemberPricing = (context: BookingContext) => !context.bookingFor;

/** What the server is asked to price at: the toggle counts only where the context allows it. */
export const pricingFor = (
  context: BookingContext,
  memberId: string | null,
  nonMemberPricing: boolean,
): Pricing => ({
  memberId,
  useNonMemberPricing: context.canUseNonMemberPricing && nonMemberPricing,
});
