import type { AvailableCourtsResponse } from "../../contracts/events";
import { offeredCourts } from "../../domain/event-form";
import { minutesOf } from "../../domain/venue-time";
import type { AppDeps } from "../kernel/deps";
import { loadCourtUsage } from "../kernel/schedule/court-usage";

/** SPEC §5 Courts offered: 1–8 less those of overlapping events and reservations that date. */
export async function getAvailableCourts(
  deps: AppDeps,
  q: { date: string; startTime: string; endTime: string; excludeEventId?: string },
): Promise<AvailableCourtsResponse> {
  const [startTime, endTime] = [q.startTime.slice(0, 5), q.endTime.slice(0, 5)];
  if (minutesOf(endTime) <= minutesOf(startTime)) return { courts: [] };
  const usage = await loadCourtUsage(deps.db, q.date, deps.now());
  return { courts: offeredCourts({ startTime, endTime }, usage.bookings, usage.events, q.excludeEventId) };
}
