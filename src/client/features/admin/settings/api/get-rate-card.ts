import { queryOptions, useQuery } from "@tanstack/react-query";
import type { RateCardResponse } from "../../../../../contracts/rate-card";
import { api } from "../../../../lib/api";

export const rateCardKey = ["admin", "rate-card"] as const;

/** GET /api/admin/rate-card: the venue's prices as staff edit them. */
export const rateCardQuery = () =>
  queryOptions({
    queryKey: rateCardKey,
    queryFn: ({ signal }) => api<RateCardResponse>("/admin/rate-card", { signal }),
  });

export const useRateCard = () => useQuery(rateCardQuery());
