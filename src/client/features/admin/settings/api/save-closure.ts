import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { SaveClosureBody, SaveClosureResult } from "../../../../../contracts/venue";
import { api } from "../../../../lib/api";
import { adminKeys } from "../../shared/admin-keys";
import { facilitiesKey } from "./get-facilities";
import { scheduleExceptionsKey } from "./get-schedule-exceptions";

/** After a closure is saved or removed: the list here, the courts' counts and the dashboard's days. */
export function scheduleExceptionsChanged(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: scheduleExceptionsKey });
  void queryClient.invalidateQueries({ queryKey: facilitiesKey });
  void queryClient.invalidateQueries({ queryKey: adminKeys.days });
}

/** POST /api/admin/closures: save it and keep, move or cancel its bookings (idempotent by id). */
export function useSaveClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveClosureBody) =>
      api<SaveClosureResult>("/admin/closures", { method: "POST", body }),
    onSuccess: () => scheduleExceptionsChanged(queryClient),
  });
}
