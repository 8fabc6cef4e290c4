import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AttendanceResponse } from "../../../../../contracts/check-in";
import { api, errorMessage } from "../../../../lib/api";
import { notifyError, notifySuccess } from "../../../../lib/notify";
import { adminEventKeys } from "./admin-event-keys";

/** POST /api/admin/event-registrations/{id}/check-in (issue 33 item 2): on the event's day, once. */
export const checkInRegistration = (id: string) =>
  api<AttendanceResponse>(`/admin/event-registrations/${id}/check-in`, { method: "POST" });

export function useCheckInRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkInRegistration,
    onSuccess: (data) => notifySuccess(data.message),
    onError: (err) => notifyError(errorMessage(err, "Failed to check in")),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminEventKeys.all }),
  });
}
