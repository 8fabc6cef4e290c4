import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { RevenueReport } from "../../../../../contracts/reports";
import type { ReportRange } from "../../../../../domain/reports";
import { api } from "../../../../lib/api";

/** GET /api/admin/reports/revenue?from&to: revenue by day and stream, with the period before. */
export const revenueReportQuery = ({ from, to }: ReportRange, enabled = true) =>
  queryOptions({
    queryKey: ["admin", "reports", "revenue", from, to] as const,
    queryFn: ({ signal }) =>
      api<RevenueReport>(`/admin/reports/revenue?${new URLSearchParams({ from, to })}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useRevenueReport = (range: ReportRange, enabled: boolean) =>
  useQuery(revenueReportQuery(range, enabled));
