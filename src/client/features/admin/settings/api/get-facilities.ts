import { queryOptions, useQuery } from "@tanstack/react-query";
import type { FacilitiesResponse } from "../../../../../contracts/venue";
import { api } from "../../../../lib/api";

export const facilitiesKey = ["admin", "facilities"] as const;

/** GET /api/admin/facilities: the venue's courts and dart bays, active or not, in its order. */
export const facilitiesQuery = () =>
  queryOptions({
    queryKey: facilitiesKey,
    queryFn: ({ signal }) => api<FacilitiesResponse>("/admin/facilities", { signal }),
  });

export const useFacilities = () => useQuery(facilitiesQuery());
