import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AvailabilityResponse } from "../../../../contracts/booking";
import { api } from "../../../lib/api";
import { bookingKeys, type Pricing, type SlotQuery } from "./booking-keys";

/** GET /api/booking/availability (SPEC §7 Availability lookup): one request per facility, date, duration. */
export const availabilityQuery = (q: SlotQuery, pricing: Pricing) =>
  queryOptions({
    queryKey: bookingKeys.availability(q, pricing),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        facilityType: q.facilityType,
        date: q.date,
        duration: String(q.duration),
      });
      if (pricing.memberId) params.set("member", pricing.memberId);
      if (pricing.useNonMemberPricing) params.set("nonMemberPricing", "true");
      return api<AvailabilityResponse>(`/booking/availability?${params}`, { signal });
    },
    staleTime: 15_000,
  });

/** Off until a date and duration are known. */
export function useAvailability(q: SlotQuery | null, pricing: Pricing) {
  return useQuery({
    ...availabilityQuery(q ?? { facilityType: "court", date: "", duration: 0 }, pricing),
    enabled: q !== null,
  });
}
