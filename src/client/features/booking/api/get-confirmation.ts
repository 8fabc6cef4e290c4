import { queryOptions, useQuery } from "@tanstack/react-query";
import { HOLD_TOKEN_HEADER } from "../../../../contracts/headers";
import type { BookingView } from "../../../../contracts/manage";
import { api } from "../../../lib/api";

/** How often /success asks again while the payment provider's webhook is still on its way. */
const PENDING_POLL_MS = 2000;

/** GET /api/booking/holds/{holdId}/confirmation: the booking just paid for (hold token or owner's session). */
export const confirmationQuery = (holdId: string, holdToken: string | null) =>
  queryOptions({
    queryKey: ["booking", "confirmation", holdId, holdToken] as const,
    queryFn: ({ signal }) =>
      api<BookingView>(`/booking/holds/${encodeURIComponent(holdId)}/confirmation`, {
        headers: holdToken ? { [HOLD_TOKEN_HEADER]: holdToken } : {},
        signal,
      }),
    refetchInterval: (query) => (query.state.data?.status === "pending" ? PENDING_POLL_MS : false),
    refetchOnWindowFocus: false,
    retry: 1,
  });

export const useConfirmation = (holdId: string | null, holdToken: string | null) =>
  useQuery({ ...confirmationQuery(holdId ?? "", holdToken), enabled: holdId !== null });
