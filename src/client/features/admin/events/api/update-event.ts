import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { EventInput, UpdateEventResponse } from "../../../../../contracts/events";
import type { SeriesScope } from "../../../../../domain/event-series";
import { refreshEvents } from "./admin-event-keys";
import { eventFormData, postForm } from "./event-form-data";

export type UpdateEventVariables = { input: EventInput; photo: File | null; scope: SeriesScope };

/**
 * PUT /api/admin/events/{id}?scope=… (SPEC §2 Edit Event; decision 021): the form as JSON in "body"
 * and the photo in "photo"; in a series, the scope says which occurrences change.
 */
export function updateEvent(id: string, { input, photo, scope }: UpdateEventVariables) {
  const params = new URLSearchParams({ scope });
  const path = `/admin/events/${encodeURIComponent(id)}?${params}`;
  return postForm<UpdateEventResponse>(path, "PUT", eventFormData(input, photo));
}

export function useUpdateEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: UpdateEventVariables) => updateEvent(id, variables),
    onSuccess: () => refreshEvents(queryClient),
  });
}
