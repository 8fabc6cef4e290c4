import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../../lib/api";
import { SESSION_KEY } from "../../../../lib/session";
import { staffKey } from "./get-staff";

/** DELETE /api/admin/staff/{id}: no longer staff; their sessions end at once. */
export function useRemoveStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/admin/staff/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: staffKey });
      void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });
}
