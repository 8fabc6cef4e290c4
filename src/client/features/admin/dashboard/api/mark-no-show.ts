import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AttendanceResponse } from "../../../../../contracts/check-in";
import { api, errorMessage } from "../../../../lib/api";
import { notifyError, notifySuccess } from "../../../../lib/notify";
import { adminKeys } from "../../shared/admin-keys";

/** POST /api/admin/reservations/{id}/no-show (issue 33 item 2): after the start, not checked in. */
export const markNoShow = (id: string) =>
  api<AttendanceResponse>(`/admin/reservations/${id}/no-show`, { method: "POST" });

export function useMarkNoShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNoShow,
    onSuccess: (data) => notifySuccess(data.message),
    onError: (err) => notifyError(errorMessage(err, "Failed to mark the no-show")),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.days });
      void queryClient.invalidateQueries({ queryKey: adminKeys.members });
    },
  });
}
