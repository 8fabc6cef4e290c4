import type { QuoteRequest } from "../../../../contracts/booking";
import type { FacilityType } from "../../../../domain/durations";

// The booking screen's query keys, shared by its endpoint files (one file per endpoint beside this).

/** Who the screen books for and which prices it asks for (SPEC §2: /book?member=…, the admin toggle). */
export type Pricing = { memberId: string | null; useNonMemberPricing: boolean };

export type SlotQuery = { facilityType: FacilityType; date: string; duration: number };

export const bookingKeys = {
  context: (userId: string | null, memberId: string | null) =>
    ["booking", "context", userId, memberId] as const,
  /** Every availability list: invalidated after a hold, a cancellation or a forceReload. */
  availabilityAll: ["booking", "availability"] as const,
  availability: (q: SlotQuery, pricing: Pricing) =>
    [
      "booking",
      "availability",
      q.facilityType,
      q.date,
      q.duration,
      pricing.memberId,
      pricing.useNonMemberPricing,
    ] as const,
  quote: (request: QuoteRequest) => ["booking", "quote", request] as const,
  hold: (holdId: string, holdToken: string) => ["booking", "hold", holdId, holdToken] as const,
};
