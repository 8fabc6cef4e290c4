import { queryOptions } from "@tanstack/react-query";
import type { HoldSummary } from "../../../../contracts/booking-holds";
import { HOLD_TOKEN_HEADER } from "../../../../contracts/headers";
import { api } from "../../../lib/api";
import { bookingKeys } from "./booking-keys";

/** GET /api/booking/holds/{holdId}: the hold this browser owns (its token proves it), after a reload. */
export const holdQuery = (holdId: string, holdToken: string) =>
  queryOptions({
    queryKey: bookingKeys.hold(holdId, holdToken),
    queryFn: ({ signal }) =>
      api<HoldSummary>(`/booking/holds/${encodeURIComponent(holdId)}`, {
        headers: { [HOLD_TOKEN_HEADER]: holdToken },
        signal,
      }),
    staleTime: 0,
  });
