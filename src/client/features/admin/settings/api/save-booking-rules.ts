import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BookingRulesResponse } from "../../../../../contracts/booking-rules";
import type { BookingRules } from "../../../../../domain/booking-rules";
import { api } from "../../../../lib/api";
import { bookingRulesKey } from "./get-booking-rules";

/** PUT /api/admin/booking-rules; the booking screen and the membership texts are asked for again. */
export function useSaveBookingRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: BookingRules) =>
      api<BookingRulesResponse>("/admin/booking-rules", { method: "PUT", body: rules }),
    onSuccess: (saved) => {
      queryClient.setQueryData(bookingRulesKey, saved);
      void queryClient.invalidateQueries({ queryKey: ["booking"] });
      void queryClient.invalidateQueries({ queryKey: ["membership"] });
    },
  });
}
