import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AttendanceResponse } from "../../../../../contracts/check-in";
import { api, errorMessage } from "../../../../lib/api";
import { notifyError, notifySuccess } from "../../../../lib/notify";
import { adminKeys } from "../../shared/admin-keys";

/** POST /api/admin/reservations/{id}/undo-no-show (issue 33 item 2): a no-show marked by mistake: expected again. */
export const undoNoShow = (id: string) =>
  api<AttendanceResponse>(`/admin/reservations/${id}/undo-no-show`, { method: "POST" });

export function useUndoNoShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoNoShow,
    onSuccess: (data) => notifySuccess(data.message),
    onError: (err) => notifyError(errorMessage(err, "Failed to undo the no-show")),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.days });
      void queryClient.invalidateQueries({ queryKey: adminKeys.members });
    },
  });
}
