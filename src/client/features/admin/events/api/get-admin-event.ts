import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import type { AdminEventDetailResponse } from "../../../../../contracts/events";
import { api } from "../../../../lib/api";
import { adminEventKeys } from "./admin-event-keys";

/** GET /api/admin/events/{id} (SPEC §2 Event detail modal, Edit Event): the event and its registrations. */
export const adminEventQuery = (id: string | null) =>
  queryOptions({
    queryKey: adminEventKeys.detail(id ?? ""),
    queryFn:
      id === null
        ? skipToken
        : ({ signal }) =>
            api<AdminEventDetailResponse>(`/admin/events/${encodeURIComponent(id)}`, { signal }),
  });

/** Nothing is asked while no event is chosen (`id` null). */
export const useAdminEvent = (id: string | null) => useQuery(adminEventQuery(id));
