import { queryOptions, useQuery } from "@tanstack/react-query";
import type { StaffListResponse } from "../../../../../contracts/staff";
import { api } from "../../../../lib/api";

export const staffKey = ["admin", "staff"] as const;

/** GET /api/admin/staff: the staff with their roles and the invitations still waiting (owner). */
export const staffQuery = () =>
  queryOptions({
    queryKey: staffKey,
    queryFn: ({ signal }) => api<StaffListResponse>("/admin/staff", { signal }),
  });

export const useStaff = () => useQuery(staffQuery());
