import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BookingView, RescheduleRequest } from "../../../../contracts/manage";
import { api } from "../../../lib/api";
import { bookingKeys } from "./booking-keys";
import { managedBookingKey } from "./get-managed-booking";

/** POST /api/booking/manage/{token}/reschedule: move one item to another free time, same terms. */
export function useRescheduleManagedBooking(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RescheduleRequest) =>
      api<BookingView>(`/booking/manage/${encodeURIComponent(token)}/reschedule`, { body }),
    onSuccess: (booking) => {
      queryClient.setQueryData(managedBookingKey(token), booking);
      void queryClient.invalidateQueries({ queryKey: bookingKeys.availabilityAll });
    },
  });
}
