import { queryOptions, useQuery } from "@tanstack/react-query";
import type { RefundQuoteResponse } from "../../../../../contracts/desk-payments";
import { api } from "../../../../lib/api";

/** GET /api/admin/reservations/{id}/refund-quote (issue 32 item 5): what was paid and what remains. */
const refundQuoteQuery = (id: string) =>
  queryOptions({
    queryKey: ["admin", "refund-quote", id] as const,
    queryFn: ({ signal }) => api<RefundQuoteResponse>(`/admin/reservations/${id}/refund-quote`, { signal }),
    staleTime: 0,
  });

/** Off while no reservation is being refunded. */
export const useRefundQuote = (id: string | null) =>
  useQuery({ ...refundQuoteQuery(id ?? ""), enabled: id !== null });
