import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DeleteEventResponse } from "../../../../../contracts/events";
import type { SeriesScope } from "../../../../../domain/event-series";
import { api } from "../../../../lib/api";
import { refreshEvents } from "./admin-event-keys";

export type DeleteEventVariables = { id: string; scope: SeriesScope };

/** DELETE /api/admin/events/{id}?scope=… (SPEC §7; decision 021): the event, or the reached occurrences of its series. */
export const deleteEvent = ({ id, scope }: DeleteEventVariables) =>
  api<DeleteEventResponse>(`/admin/events/${encodeURIComponent(id)}?${new URLSearchParams({ scope })}`, {
    method: "DELETE",
  });

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    onSuccess: () => refreshEvents(queryClient),
  });
}
