import { useState } from "react";
import type { MyReservation } from "../../../contracts/membership";
import { ApiError, errorMessage } from "../../lib/api";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useBookFreeReservation } from "./api/book-free-reservation";
import { useFreeSlots } from "./api/get-free-slots";

/**
 * The state of /member-reservations: the chosen date (null until the server names today), the
 * chosen time, the server's allowance and times for that date, and the booking itself.
 */
/** userId keys the cache per person; the page is behind RequireMember, so it is set. */
export function useFreeBooking(userId: string | null) {
  const [date, setDate] = useState<string | null>(null);
  const [startTime, setStartTime] = useState<string | null>(null);
  const [booked, setBooked] = useState<MyReservation | null>(null);

  const slots = useFreeSlots(userId, date);
  const book = useBookFreeReservation(userId);

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
      book.mutate(
        { date: shownDate, startTime },
        {
          onSuccess: (result) => {
            notifySuccess("Reservation created successfully!");
            setBooked(result.reservation);
            setStartTime(null);
          },
          onError: (err) => {
            notifyError(errorMessage(err, "Failed to create reservation"));
            if (err instanceof ApiError && err.status === 409) setStartTime(null);
          },
        },
      );
    },
  };
}
