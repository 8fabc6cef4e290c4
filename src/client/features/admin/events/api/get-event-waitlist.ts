import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminWaitlistResponse } from "../../../../../contracts/waitlist";
import { api } from "../../../../lib/api";
import { adminEventKeys } from "./admin-event-keys";

/** GET /api/admin/events/{id}/waitlist (issue 15 §3): who waits for the event, and their offers. */
export const eventWaitlistQuery = (eventId: string) =>
  queryOptions({
    queryKey: adminEventKeys.waitlist(eventId),
    queryFn: ({ signal }) =>
      api<AdminWaitlistResponse>(`/admin/events/${encodeURIComponent(eventId)}/waitlist`, { signal }),
  });

export const useEventWaitlist = (eventId: string) => useQuery(eventWaitlistQuery(eventId));
