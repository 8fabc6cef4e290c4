import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DashboardStats } from "../../../../../contracts/admin";
import { api } from "../../../../lib/api";
import { adminKeys } from "../../shared/admin-keys";

/** GET /api/admin/stats (SPEC §2 Admin dashboard): the counts above the day's grid. */
const dashboardStatsQuery = () =>
  queryOptions({
    queryKey: adminKeys.stats,
    queryFn: ({ signal }) => api<DashboardStats>("/admin/stats", { signal }),
  });

export const useDashboardStats = () => useQuery(dashboardStatsQuery());
