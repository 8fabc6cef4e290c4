import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AttendanceResponse } from "../../../../../contracts/check-in";
import { api, errorMessage } from "../../../../lib/api";
import { notifyError, notifySuccess } from "../../../../lib/notify";
import { adminKeys } from "../../shared/admin-keys";

/** POST /api/admin/reservations/{id}/check-in (issue 33 item 2): from the day's list or grid. */
export const checkInReservation = (id: string) =>
  api<AttendanceResponse>(`/admin/reservations/${id}/check-in`, { method: "POST" });

export function useCheckInReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkInReservation,
    onSuccess: (data) => notifySuccess(data.message),
    onError: (err) => notifyError(errorMessage(err, "Failed to check in")),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.days }),
  });
}
