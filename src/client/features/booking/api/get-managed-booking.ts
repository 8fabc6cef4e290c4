import { queryOptions, useQuery } from "@tanstack/react-query";
import type { BookingView } from "../../../../contracts/manage";
import { api } from "../../../lib/api";

export const managedBookingKey = (token: string) => ["booking", "manage", token] as const;

/** GET /api/booking/manage/{token}: the booking a manage link opens. Wrong links are throttled, so no retries. */
export const managedBookingQuery = (token: string) =>
  queryOptions({
    queryKey: managedBookingKey(token),
    queryFn: ({ signal }) => api<BookingView>(`/booking/manage/${encodeURIComponent(token)}`, { signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });

export const useManagedBooking = (token: string) => useQuery(managedBookingQuery(token));

/** The manage page's "Add to calendar": a plain link, the token is in the path. */
export const managedCalendarHref = (token: string) =>
  `/api/booking/manage/${encodeURIComponent(token)}/calendar`;
