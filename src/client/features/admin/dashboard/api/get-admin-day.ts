import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminDayResponse, AdminFacilityType } from "../../../../../contracts/admin";
import { api } from "../../../../lib/api";
import { adminKeys } from "../../shared/admin-keys";

/** GET /api/admin/day?date=&facilityType= (SPEC §2 Admin dashboard): one day's grid of a facility type. */
const adminDayQuery = (date: string, facilityType: AdminFacilityType) =>
  queryOptions({
    queryKey: adminKeys.day(date, facilityType),
    queryFn: ({ signal }) =>
      api<AdminDayResponse>(`/admin/day?${new URLSearchParams({ date, facilityType })}`, { signal }),
  });

export const useAdminDay = (date: string, facilityType: AdminFacilityType) =>
  useQuery(adminDayQuery(date, facilityType));
