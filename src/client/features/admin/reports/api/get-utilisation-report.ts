import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { UtilisationReport } from "../../../../../contracts/reports";
import type { ReportRange } from "../../../../../domain/reports";
import { api } from "../../../../lib/api";

/** GET /api/admin/reports/utilisation?from&to: booked over open minutes by weekday and hour. */
export const utilisationReportQuery = ({ from, to }: ReportRange, enabled = true) =>
  queryOptions({
    queryKey: ["admin", "reports", "utilisation", from, to] as const,
    queryFn: ({ signal }) =>
      api<UtilisationReport>(`/admin/reports/utilisation?${new URLSearchParams({ from, to })}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useUtilisationReport = (range: ReportRange, enabled: boolean) =>
  useQuery(utilisationReportQuery(range, enabled));
