import { queryOptions } from "@tanstack/react-query";
import type { AvailabilityResponse } from "../../../../contracts/booking";
import { api } from "../../../lib/api";
import { bookingKeys, type Pricing, type SlotQuery } from "./booking-keys";

/**
 * GET /api/booking/availability?courts=true (issue 34): the day's times with each one's free courts
 * (or bays) and the day's courts by name, for the per-court view. Its own file so that only the view's
 * chunk carries it (/book's first load has no bytes to spare); under the availability key, so every
 * refresh of the times (after a hold, a forceReload) refreshes it too.
 */
export const courtAvailabilityQuery = (q: SlotQuery, pricing: Pricing) =>
  queryOptions({
    queryKey: [...bookingKeys.availability(q, pricing), "courts"] as const,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        facilityType: q.facilityType,
        date: q.date,
        duration: String(q.duration),
        courts: "true",
      });
      if (pricing.memberId) params.set("member", pricing.memberId);
      if (pricing.useNonMemberPricing) params.set("nonMemberPricing", "true");
      return api<AvailabilityResponse>(`/booking/availability?${params}`, { signal });
    },
    staleTime: 15_000,
  });
