import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AvailableCourtsResponse } from "../../../../../contracts/events";
import { api } from "../../../../lib/api";
import { adminEventKeys, type CourtsQuery } from "./admin-event-keys";

/** GET /api/admin/events/available-courts: the courts free for the event form's date and times. */
export const availableCourtsQuery = (q: CourtsQuery) =>
  queryOptions({
    queryKey: adminEventKeys.courts(q),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ date: q.date, startTime: q.startTime, endTime: q.endTime });
      if (q.excludeEventId) params.set("excludeEventId", q.excludeEventId);
      return api<AvailableCourtsResponse>(`/admin/events/available-courts?${params}`, { signal });
    },
  });

/** Asked only once the form's date and times make a range (`enabled`). */
export const useAvailableCourts = (q: CourtsQuery, enabled: boolean) =>
  useQuery({ ...availableCourtsQuery(q), enabled });
