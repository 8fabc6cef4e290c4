import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ScheduleExceptions } from "../../../../../contracts/venue";
import { api } from "../../../../lib/api";
import { scheduleExceptionsKey } from "./get-schedule-exceptions";
import { scheduleExceptionsChanged } from "./save-closure";

/** DELETE /api/admin/closures/{kind}/{id}: the time is bookable again. */
export function useRemoveScheduleException() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: "closure" | "special_day"; id: string }) =>
      api<ScheduleExceptions>(`/admin/closures/${kind}/${id}`, { method: "DELETE" }),
    onSuccess: (list) => {
      queryClient.setQueryData(scheduleExceptionsKey, list);
      scheduleExceptionsChanged(queryClient);
    },
  });
}
