import { queryOptions, useQuery } from "@tanstack/react-query";
import type { BookingRulesResponse } from "../../../../../contracts/booking-rules";
import { api } from "../../../../lib/api";

export const bookingRulesKey = ["admin", "booking-rules"] as const;

/** GET /api/admin/booking-rules: horizons, hold time and member perks as staff edit them. */
export const bookingRulesQuery = () =>
  queryOptions({
    queryKey: bookingRulesKey,
    queryFn: ({ signal }) => api<BookingRulesResponse>("/admin/booking-rules", { signal }),
  });

export const useBookingRules = () => useQuery(bookingRulesQuery());
