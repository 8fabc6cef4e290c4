import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SelfCancelResponse } from "../../../../contracts/manage";
import { api } from "../../../lib/api";
import { bookingKeys } from "./booking-keys";
import { managedBookingKey } from "./get-managed-booking";

/** POST /api/booking/manage/{token}/cancel: self-service cancellation under the venue's policy. */
export function useCancelManagedBooking(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<SelfCancelResponse>(`/booking/manage/${encodeURIComponent(token)}/cancel`, { method: "POST" }),
    onSuccess: (result) => {
      queryClient.setQueryData(managedBookingKey(token), result.booking);
      void queryClient.invalidateQueries({ queryKey: bookingKeys.availabilityAll });
    },
  });
}
