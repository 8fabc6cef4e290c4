import { useCallback, useEffect, useState } from "react";
import type { BookingContext } from "../../../contracts/booking";
import type { FacilityType } from "../../../domain/durations";
import { notifyError } from "../../lib/notify";
import type { Pricing, SlotQuery } from "./api/booking-keys";
import { useAvailability } from "./api/get-availability";

const clampDate = (date: string, context: BookingContext) =>
  date < context.today ? context.today : date > context.maxDate ? context.maxDate : date;

/** The slots the screen opens on: courts, the first bookable date, the default length. */
export const firstSlotQuery = (context: BookingContext): SlotQuery => ({
  facilityType: "court",
  date: clampDate(context.today, context),
  duration: context.defaultDurations.court,
});

/**
 * Step 1–2 state: facility type, date and duration, and the one availability
 * request per (facility type, date, duration) that lists the slots with the server's prices.
 */
export function useSlotSelection(context: BookingContext | undefined, pricing: Pricing) {
  const [facilityType, setFacilityTypeState] = useState<FacilityType>("court");
  const [pickedDate, setPickedDate] = useState<string | null>(null);
  const [pickedDuration, setPickedDuration] = useState<number | null>(null);

  // The window can change under the screen (sign in or out, a member picked by an admin).
  const date = context ? clampDate(pickedDate ?? context.today, context) : null;
  const durations = context?.durations[facilityType] ?? [];
  const duration =
    pickedDuration !== null && durations.includes(pickedDuration)
      ? pickedDuration
      : (context?.defaultDurations[facilityType] ?? null);

  const query = date && duration ? { facilityType, date, duration } : null;
  const availability = useAvailability(query, pricing);

  useEffect(() => {
    if (availability.isError) notifyError("Failed to load time slots");
  }, [availability.isError]);

  const slots = availability.data?.slots;
  // Issue 31: a holiday's or a closure's reason, as the server words it.
  const notices = availability.data?.notices ?? [];

  const setFacilityType = useCallback((type: FacilityType) => {
    setFacilityTypeState(type);
    setPickedDuration(null);
  }, []);
  const setDate = useCallback((value: string) => {
    setPickedDate(value);
  }, []);
  const setDuration = useCallback((value: number) => {
    setPickedDuration(value);
  }, []);

  return {
    facilityType,
    date,
    duration,
    slots,
    notices,
    /** The server priced these slots at member prices. */
    memberPricing: availability.data?.isMemberPricing ?? false,
    isLoading: query !== null && availability.isPending,
    isError: availability.isError,
    isRetrying: availability.isFetching,
    retry: availability.refetch,
    setFacilityType,
    setDate,
    setDuration,
  };
}

export type SlotSelection = ReturnType<typeof useSlotSelection>;
