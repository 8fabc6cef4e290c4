import type { QueryClient } from "@tanstack/react-query";

// The admin events screens' query keys, shared by their endpoint files (one file per endpoint beside this).

export type CourtsQuery = { date: string; startTime: string; endTime: string; excludeEventId?: string };

export const adminEventKeys = {
  all: ["admin-events"] as const,
  list: ["admin-events", "list"] as const,
  detail: (id: string) => ["admin-events", "detail", id] as const,
  courts: (q: CourtsQuery) =>
    ["admin-events", "courts", q.date, q.startTime, q.endTime, q.excludeEventId] as const,
  waitlistAll: ["admin-events", "waitlist"] as const,
  waitlist: (eventId: string) => ["admin-events", "waitlist", eventId] as const,
};

/** After a change to events or registrations: the admin screens and the public events screen read again. */
export function refreshEvents(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: adminEventKeys.all });
  void queryClient.invalidateQueries({ queryKey: ["events"] });
}
