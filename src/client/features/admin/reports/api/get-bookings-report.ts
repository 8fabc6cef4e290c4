import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { BookingsReport } from "../../../../../contracts/reports";
import type { ReportRange } from "../../../../../domain/reports";
import { api } from "../../../../lib/api";

/** GET /api/admin/reports/bookings?from&to: bookings by channel, check-ins and no-shows. */
export const bookingsReportQuery = ({ from, to }: ReportRange, enabled = true) =>
  queryOptions({
    queryKey: ["admin", "reports", "bookings", from, to] as const,
    queryFn: ({ signal }) =>
      api<BookingsReport>(`/admin/reports/bookings?${new URLSearchParams({ from, to })}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useBookingsReport = (range: ReportRange, enabled: boolean) =>
  useQuery(bookingsReportQuery(range, enabled));
