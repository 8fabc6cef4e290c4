import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminFacilityType, AvailableFacilitiesResponse } from "../../../../../contracts/admin";
import { api } from "../../../../lib/api";
import { adminKeys } from "../../shared/admin-keys";

type FacilitySlot = {
  date: string;
  facilityType: AdminFacilityType;
  startTime: string | null;
  duration: number;
  excludeReservationId?: string;
};

/** GET /api/admin/available-facilities (SPEC §5 Admin edit reservation): facilities free for a slot. */
const availableFacilitiesQuery = (slot: FacilitySlot) => {
  const params: Record<string, string> = {
    date: slot.date,
    facilityType: slot.facilityType,
    startTime: slot.startTime ?? "",
    duration: String(slot.duration),
    ...(slot.excludeReservationId ? { excludeReservationId: slot.excludeReservationId } : {}),
  };
  return queryOptions({
    queryKey: adminKeys.available(params),
    queryFn: ({ signal }) =>
      api<AvailableFacilitiesResponse>(`/admin/available-facilities?${new URLSearchParams(params)}`, {
        signal,
      }),
    staleTime: 0,
  });
};

/** Off until a slot is chosen. */
export const useAvailableFacilities = (slot: FacilitySlot & { enabled?: boolean }) =>
  useQuery({
    ...availableFacilitiesQuery(slot),
    enabled: Boolean(slot.startTime) && slot.enabled !== false,
  });
