import { queryOptions, useQuery } from "@tanstack/react-query";
import type { EventDetailResponse } from "../../../../contracts/events";
import { ApiError, api } from "../../../lib/api";
import { eventKeys } from "./event-keys";

/** GET /api/events/{id} (SPEC §2 Event detail); a 404 (no such event, or a private one) is not retried. */
const eventQuery = (id: string, userId: string | null) =>
  queryOptions({
    queryKey: eventKeys.detail(id, userId),
    queryFn: ({ signal }) => api<EventDetailResponse>(`/events/${encodeURIComponent(id)}`, { signal }),
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 1,
  });

export const useEvent = (id: string, userId: string | null) => useQuery(eventQuery(id, userId));
