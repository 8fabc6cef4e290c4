import type { AvailableFacilitiesResponse } from "../../contracts/admin";
import { endTimeOf, isAdminSlot } from "../../domain/admin-schedule";
import { type FacilityType, isAdminDuration } from "../../domain/durations";
import type { AppDeps } from "../deps";
import { freeFacilities } from "../kernel/schedule/facility-occupancy";
import { AppError } from "../lib/errors";
import { ADMIN_MESSAGES } from "./admin-messages";

/**
 * SPEC §5 Admin edit reservation and the manual reservation panel: the facilities free for one
 * staff slot (an admin duration starting on the admin grid), optionally not counting the
 * reservation being moved.
 */
export async function listAvailableFacilities(
  deps: AppDeps,
  query: {
    facilityType: FacilityType;
    date: string;
    startTime: string;
    duration: string | number;
    excludeReservationId?: string;
  },
): Promise<AvailableFacilitiesResponse> {
  const duration = Number(query.duration);
  if (!isAdminDuration(query.facilityType, duration))
    throw new AppError("VALIDATION", ADMIN_MESSAGES.duration);
  const startTime = query.startTime.slice(0, 5);
  if (!isAdminSlot(startTime, duration)) throw new AppError("VALIDATION", ADMIN_MESSAGES.timeSlot);
  const window = { date: query.date, startTime, endTime: endTimeOf(query.startTime, duration) };
  const facilities = await freeFacilities(deps.db, query.facilityType, window, {
    excludeReservationId: query.excludeReservationId,
    now: deps.now(),
  });
  return { facilities };
}
