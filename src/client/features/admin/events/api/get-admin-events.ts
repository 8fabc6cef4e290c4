import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminEventListResponse } from "../../../../../contracts/events";
import { api } from "../../../../lib/api";
import { adminEventKeys } from "./admin-event-keys";

/** GET /api/admin/events (SPEC §2 Admin events): every event, private ones included. */
export const adminEventsQuery = () =>
  queryOptions({
    queryKey: adminEventKeys.list,
    queryFn: ({ signal }) => api<AdminEventListResponse>("/admin/events", { signal }),
  });

export const useAdminEvents = () => useQuery(adminEventsQuery());
