import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { PriceGridRequest, PriceGridResponse } from "../../../../../contracts/rate-card";
import { api } from "../../../../lib/api";

/** POST /api/admin/rate-card/preview: a day's prices under the current card and the draft. */
export const rateCardPreviewQuery = (request: PriceGridRequest) =>
  queryOptions({
    queryKey: ["admin", "rate-card-preview", request] as const,
    queryFn: ({ signal }) => api<PriceGridResponse>("/admin/rate-card/preview", { body: request, signal }),
    retry: false,
  });

/** The side-by-side grid for the draft as it is now; the previous one stays while the next loads. */
export const useRateCardPreview = (request: PriceGridRequest | null) =>
  useQuery({
    ...rateCardPreviewQuery(request ?? ({} as PriceGridRequest)),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
