import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { AddFacilityBody, FacilitiesResponse, UpdateFacilityBody } from "../../../../../contracts/venue";
import type { FacilityType } from "../../../../../domain/durations";
import { api } from "../../../../lib/api";
import { adminKeys } from "../../shared/admin-keys";
import { facilitiesKey } from "./get-facilities";

/** Every screen that lists courts or bays (the list here, the dashboard's grid) reads them again. */
function saved(queryClient: QueryClient, list: FacilitiesResponse) {
  queryClient.setQueryData(facilitiesKey, list);
  void queryClient.invalidateQueries({ queryKey: adminKeys.days });
}

/** POST /api/admin/facilities: a new court or dart bay. */
export function useAddFacility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddFacilityBody) =>
      api<FacilitiesResponse>("/admin/facilities", { method: "POST", body }),
    onSuccess: (list) => saved(queryClient, list),
  });
}

/** PATCH /api/admin/facilities/{type}/{id}: rename, deactivate or reactivate. */
export function useUpdateFacility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, id, body }: { type: FacilityType; id: number; body: UpdateFacilityBody }) =>
      api<FacilitiesResponse>(`/admin/facilities/${type}/${id}`, { method: "PATCH", body }),
    onSuccess: (list) => saved(queryClient, list),
  });
}

/** PUT /api/admin/facilities/{type}/order: the order they are listed in. */
export function useReorderFacilities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, ids }: { type: FacilityType; ids: number[] }) =>
      api<FacilitiesResponse>(`/admin/facilities/${type}/order`, { method: "PUT", body: { ids } }),
    onSuccess: (list) => saved(queryClient, list),
  });
}
