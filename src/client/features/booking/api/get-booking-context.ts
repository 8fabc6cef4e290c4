import { queryOptions, useQuery } from "@tanstack/react-query";
import type { BookingContext } from "../../../../contracts/booking";
import { api } from "../../../lib/api";
import { bookingKeys } from "./booking-keys";

/** GET /api/booking/context: the window, durations and prices for this visitor (or the member booked for). */
export const bookingContextQuery = (userId: string | null, memberId: string | null) =>
  queryOptions({
    queryKey: bookingKeys.context(userId, memberId),
    queryFn: ({ signal }) => {
      const query = memberId ? `?${new URLSearchParams({ member: memberId })}` : "";
      return api<BookingContext>(`/booking/context${query}`, { signal });
    },
  });

export const useBookingContext = (userId: string | null, memberId: string | null) =>
  useQuery(bookingContextQuery(userId, memberId));
