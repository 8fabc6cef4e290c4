import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { OpeningHoursBody } from "../../../../../contracts/venue";
import { api } from "../../../../lib/api";
import { venueSettingsKey } from "../../../../lib/venue";
import { adminKeys } from "../../shared/admin-keys";

export const openingHoursKey = ["admin", "opening-hours"] as const;

/** GET /api/admin/hours: each weekday's hours, or closed. */
export const openingHoursQuery = () =>
  queryOptions({
    queryKey: openingHoursKey,
    queryFn: ({ signal }) => api<OpeningHoursBody>("/admin/hours", { signal }),
  });

export const useOpeningHours = () => useQuery(openingHoursQuery());

/** PUT /api/admin/hours; the footer and the dashboard read the new hours. */
export function useSaveOpeningHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpeningHoursBody) => api<OpeningHoursBody>("/admin/hours", { method: "PUT", body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(openingHoursKey, saved);
      void queryClient.invalidateQueries({ queryKey: venueSettingsKey });
      void queryClient.invalidateQueries({ queryKey: adminKeys.days });
    },
  });
}
