import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../../lib/api";
import { refreshEvents } from "./admin-event-keys";

/** DELETE /api/admin/event-registrations/{id} (SPEC §2 Event detail modal, "Delete"). */
export const deleteRegistration = (id: string) =>
  api<{ ok: true }>(`/admin/event-registrations/${id}`, { method: "DELETE" });

export function useDeleteRegistration() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteRegistration, onSuccess: () => refreshEvents(queryClient) });
}
