import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminWaitlistResponse } from "../../../../../contracts/waitlist";
import { api } from "../../../../lib/api";

// GET /api/admin/events/{id}/waitlist (src/contracts/waitlist.ts).
export const eventWaitlistKey = (eventId: string) => ["admin-events", "waitlist", eventId] as const;

export const eventWaitlistQuery = (eventId: string) =>
  queryOptions({
    queryKey: eventWaitlistKey(eventId),
    queryFn: ({ signal }) =>
      api<AdminWaitlistResponse>(`/admin/events/${encodeURIComponent(eventId)}/waitlist`, { signal }),
  });

export const useEventWaitlist = (eventId: string) => useQuery(eventWaitlistQuery(eventId));
