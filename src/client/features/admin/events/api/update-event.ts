import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { EventInput, UpdateEventResponse } from "../../../../../contracts/events";
import type { SeriesScope } from "../../../../../domain/event-series";
import { adminEventKeys, postForm } from "../admin-events-api";

export type UpdateEventVariables = { input: EventInput; photo: File | null; scope: SeriesScope };

/**
 * PUT /api/admin/events/{id}?scope=… (SPEC §2 Edit Event; decision 021): the form as JSON in "body"
 * and the photo in "photo"; in a series, the scope says which occurrences change.
 */
export function updateEvent(id: string, { input, photo, scope }: UpdateEventVariables) {
  const form = new FormData();
  form.set("body", JSON.stringify(input));
  if (photo) form.set("photo", photo);
  const params = new URLSearchParams({ scope });
  return postForm<UpdateEventResponse>(`/admin/events/${encodeURIComponent(id)}?${params}`, "PUT", form);
}

export function useUpdateEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: UpdateEventVariables) => updateEvent(id, variables),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminEventKeys.all });
      void queryClient.invalidateQueries({ queryKey: ["events"] });
    },
  });
}
