import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AttendanceResponse } from "../../../../../contracts/check-in";
import { api, errorMessage } from "../../../../lib/api";
import { notifyError, notifySuccess } from "../../../../lib/notify";
import { adminKeys } from "../../shared/admin-keys";

/** POST /api/admin/reservations/{id}/undo-check-in (issue 33 item 2): a check-in made by mistake: expected again. */
export const undoCheckIn = (id: string) =>
  api<AttendanceResponse>(`/admin/reservations/${id}/undo-check-in`, { method: "POST" });

export function useUndoCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoCheckIn,
    onSuccess: (data) => notifySuccess(data.message),
    onError: (err) => notifyError(errorMessage(err, "Failed to undo the check-in")),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.days });
      void queryClient.invalidateQueries({ queryKey: adminKeys.members });
    },
  });
}
