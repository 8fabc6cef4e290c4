import { queryOptions, useQuery } from "@tanstack/react-query";
import type { EventListResponse } from "../../../../contracts/events";
import { api } from "../../../lib/api";
import { eventKeys } from "./event-keys";

/** GET /api/events (SPEC §2 Events list): the upcoming events this viewer may see, counts from the server. */
const eventsQuery = (userId: string | null) =>
  queryOptions({
    queryKey: eventKeys.list(userId),
    queryFn: ({ signal }) => api<EventListResponse>("/events", { signal }),
  });

export const useEvents = (userId: string | null) => useQuery(eventsQuery(userId));
