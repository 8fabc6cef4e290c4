import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { MyReservation } from "../../../contracts/membership";
import { ApiError, errorMessage } from "../../lib/api";
import { notifyError, notifySuccess } from "../../lib/notify";
import { bookFreeReservation, fetchFreeSlots, membershipKeys } from "./membership-api";

/**
 * The state of /member-reservations: the chosen date (null until the server names today), the
 * chosen time, the server's allowance and times for that date, and the booking itself.
 */
/** userId keys the cache per person; the page is behind RequireMember, so it is set. */
export function useFreeBooking(userId: string | null) {
  const queryClient = useQueryClient();
  const [date, setDate] = useState<string | null>(null);
  const [startTime, setStartTime] = useState<string | null>(null);
  const [booked, setBooked] = useState<MyReservation | null>(null);

  const slots = useQuery({
    queryKey: membershipKeys.freeSlots(userId, date),
    queryFn: ({ signal }) => fetchFreeSlots(date, signal),
    placeholderData: keepPreviousData,
  });

  const book = useMutation({
    mutationFn: bookFreeReservation,
    onSuccess: (result) => {
      notifySuccess("Reservation created successfully!");
      setBooked(result.reservation);
      setStartTime(null);
    },
    onError: (err) => {
      notifyError(errorMessage(err, "Failed to create reservation"));
      if (err instanceof ApiError && err.status === 409) setStartTime(null);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: membershipKeys.freeSlotsAll });
      void queryClient.invalidateQueries({ queryKey: membershipKeys.myReservations(userId) });
    },
  });

  const shownDate = date ?? slots.data?.date ?? null;
  return {
    data: slots.data,
    isLoading: slots.isPending || (slots.isFetching && slots.isPlaceholderData),
    isError: slots.isError,
    isRetrying: slots.isFetching,
    retry: slots.refetch,
    date: shownDate,
    setDate: (next: string) => {
      setDate(next);
      setStartTime(null);
      setBooked(null);
    },
    startTime,
    setStartTime: (next: string) => {
      setStartTime(next);
      setBooked(null);
    },
    booked,
    isBooking: book.isPending,
    /** Books the chosen time; without one, the spec's message. */
    submit: () => {
      if (!shownDate || !startTime) {
        notifyError("Please select a time slot");
        return;
      }
      book.mutate({ date: shownDate, startTime });
    },
  };
}
