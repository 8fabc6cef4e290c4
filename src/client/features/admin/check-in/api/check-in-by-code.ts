import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CheckInResponse } from "../../../../../contracts/check-in";
import { api } from "../../../../lib/api";
import { adminEventKeys } from "../../events/api/admin-event-keys";
import { adminKeys } from "../../shared/admin-keys";

/** POST /api/admin/check-in (issue 33 item 2): a booking's BK- or a registration's EV- reference, typed or scanned. */
export const checkInByCode = (code: string) => api<CheckInResponse>("/admin/check-in", { body: { code } });

export function useCheckInByCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkInByCode,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.days });
      void queryClient.invalidateQueries({ queryKey: adminEventKeys.all });
    },
  });
}
