import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateEventsResponse, EventInput } from "../../../../../contracts/events";
import { refreshEvents } from "./admin-event-keys";
import { eventFormData, postForm } from "./event-form-data";

export type CreateEventVariables = { input: EventInput; photo: File | null };

/** POST /api/admin/events (SPEC §2 Create New Event): the event, or every occurrence of its series. */
export const createEvent = ({ input, photo }: CreateEventVariables) =>
  postForm<CreateEventsResponse>("/admin/events", "POST", eventFormData(input, photo));

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createEvent, onSuccess: () => refreshEvents(queryClient) });
}
