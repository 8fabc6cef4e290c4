import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ScheduleExceptions } from "../../../../../contracts/venue";
import { api } from "../../../../lib/api";

export const scheduleExceptionsKey = ["admin", "closures"] as const;

/** GET /api/admin/closures: the special days and closures still to come (or under way). */
export const scheduleExceptionsQuery = () =>
  queryOptions({
    queryKey: scheduleExceptionsKey,
    queryFn: ({ signal }) => api<ScheduleExceptions>("/admin/closures", { signal }),
  });

export const useScheduleExceptions = () => useQuery(scheduleExceptionsQuery());
