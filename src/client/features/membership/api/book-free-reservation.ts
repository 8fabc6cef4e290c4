import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  BookFreeReservationRequest,
  BookFreeReservationResponse,
} from "../../../../contracts/membership";
import { api } from "../../../lib/api";
import { membershipKeys } from "./membership-keys";

/**
 * POST /api/membership/free-reservations (SPEC §5 Member free reservation). Booked or refused,
 * the day's times and My Reservations are read again.
 */
export function useBookFreeReservation(userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BookFreeReservationRequest) =>
      api<BookFreeReservationResponse>("/membership/free-reservations", { body }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: membershipKeys.freeSlotsAll });
      void queryClient.invalidateQueries({ queryKey: membershipKeys.myReservations(userId) });
    },
  });
}
