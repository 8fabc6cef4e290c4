import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ReportKind, ReportRange } from "../../../../../domain/reports";
import { api } from "../../../../lib/api";

/** GET /api/admin/reports/{report}?from&to for the reports drawn as tables only (members, coupons…). */
export const reportQuery = <T>(kind: ReportKind, { from, to }: ReportRange, enabled = true) =>
  queryOptions({
    queryKey: ["admin", "reports", kind, from, to] as const,
    queryFn: ({ signal }) =>
      api<T>(`/admin/reports/${kind}?${new URLSearchParams({ from, to })}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useReport = <T>(kind: ReportKind, range: ReportRange, enabled: boolean) =>
  useQuery(reportQuery<T>(kind, range, enabled));
