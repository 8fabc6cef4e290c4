import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminAddRegistrationRequest, AdminRegistration } from "../../../../../contracts/events";
import { api } from "../../../../lib/api";
import { refreshEvents } from "./admin-event-keys";

/** POST /api/admin/events/{id}/registrations (SPEC §5 Admin add registration): confirmed and paid at once. */
export const addRegistration = (eventId: string, body: AdminAddRegistrationRequest) =>
  api<{ registration: AdminRegistration }>(`/admin/events/${eventId}/registrations`, { body });

export function useAddRegistration(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminAddRegistrationRequest) => addRegistration(eventId, body),
    onSuccess: () => refreshEvents(queryClient),
  });
}
