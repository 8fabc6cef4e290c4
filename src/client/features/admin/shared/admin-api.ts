import { useQuery } from "@tanstack/react-query";
import type {
  AdminDayResponse,
  AdminFacilityType,
  AvailableFacilitiesResponse,
  DashboardStats,
} from "../../../../contracts/admin";
import { api } from "../../../lib/api";

// The staff screens' reads, keyed so a change anywhere refreshes what it affects.
export const adminKeys = {
  all: ["admin"] as const,
  stats: ["admin", "stats"] as const,
  day: (date: string, type: AdminFacilityType) => ["admin", "day", date, type] as const,
  days: ["admin", "day"] as const,
  available: (params: Record<string, string>) => ["admin", "available", params] as const,
  members: ["admin", "members"] as const,
  coupons: ["admin", "coupons"] as const,
  audit: (filters: Record<string, string>) => ["admin", "audit", filters] as const,
};

export const useDashboardStats = () =>
  useQuery({ queryKey: adminKeys.stats, queryFn: () => api<DashboardStats>("/admin/stats") });

export const useAdminDay = (date: string, facilityType: AdminFacilityType) =>
  useQuery({
    queryKey: adminKeys.day(date, facilityType),
    queryFn: () => api<AdminDayResponse>(`/admin/day?date=${date}&facilityType=${facilityType}`),
  });

/** Facilities free for a slot (SPEC §5 Admin edit reservation); off until a slot is chosen. */
export function useAvailableFacilities(input: {
  date: string;
  facilityType: AdminFacilityType;
  startTime: string | null;
  duration: number;
  excludeReservationId?: string;
  enabled?: boolean;
}) {
  const params: Record<string, string> = {
    date: input.date,
    facilityType: input.facilityType,
    startTime: input.startTime ?? "",
    duration: String(input.duration),
    ...(input.excludeReservationId ? { excludeReservationId: input.excludeReservationId } : {}),
  };
  return useQuery({
    queryKey: adminKeys.available(params),
    queryFn: () =>
      api<AvailableFacilitiesResponse>(`/admin/available-facilities?${new URLSearchParams(params)}`),
    enabled: Boolean(input.startTime) && input.enabled !== false,
    staleTime: 0,
  });
}
