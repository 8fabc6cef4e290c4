import type { AvailableCourtsResponse } from "../../contracts/events";
import { offeredCourts } from "../../domain/event-form";
import { minutesOf } from "../../domain/venue-time";
import type { AppDeps } from "../deps";
import { loadCourtUsage } from "../kernel/schedule/court-usage";
import { activeFacilities } from "../kernel/schedule/facility-occupancy";

/** SPEC §5 Courts offered: the venue's active courts less those of overlapping events and reservations that date. */
export async function getAvailableCourts(
  deps: AppDeps,
  q: { date: string; startTime: string; endTime: string; excludeEventId?: string },
): Promise<AvailableCourtsResponse> {
  const [startTime, endTime] = [q.startTime.slice(0, 5), q.endTime.slice(0, 5)];
  if (minutesOf(endTime) <= minutesOf(startTime)) return { courts: [] };
  const [usage, active] = await Promise.all([
    loadCourtUsage(deps.db, q.date, deps.now()),
    activeFacilities(deps.db, "court"),
  ]);
  const ids = active.map((c) => c.id);
  return {
    courts: offeredCourts(ids, { startTime, endTime }, usage.bookings, usage.events, q.excludeEventId),
  };
}
