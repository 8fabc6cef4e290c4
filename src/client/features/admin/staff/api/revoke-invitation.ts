import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../../lib/api";
import { staffKey } from "./get-staff";

/** DELETE /api/admin/staff/invitations/{id}: the link stops working. */
export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/admin/staff/invitations/${id}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}
