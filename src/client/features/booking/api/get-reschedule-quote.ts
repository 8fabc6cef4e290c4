import { queryOptions, useQuery } from "@tanstack/react-query";
import type { RescheduleQuote, RescheduleRequest } from "../../../../contracts/manage";
import { api } from "../../../lib/api";

/** GET /api/booking/manage/{token}/reschedule-quote: what a move would cost or give back (issue 30 item 1). */
export const rescheduleQuoteQuery = (token: string, move: RescheduleRequest) =>
  queryOptions({
    queryKey: ["booking", "manage", token, "quote", move] as const,
    queryFn: ({ signal }) =>
      api<RescheduleQuote>(
        `/booking/manage/${encodeURIComponent(token)}/reschedule-quote?${new URLSearchParams(move)}`,
        { signal },
      ),
    retry: false,
    refetchOnWindowFocus: false,
  });

export const useRescheduleQuote = (token: string, move: RescheduleRequest | null) =>
  useQuery({
    ...rescheduleQuoteQuery(token, move ?? { reservationId: "", date: "", startTime: "" }),
    enabled: move !== null,
  });
