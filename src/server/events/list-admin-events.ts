import type { AdminEventListResponse } from "../../contracts/events";
import { venueToday } from "../../domain/venue-time";
import type { AppDeps } from "../deps";
import { loadAdminEventDtos } from "./event-queries";

/**
 * SPEC §7 "All events ordered by date ascending (admin)", past ones included, each with its
 * participant count and Upcoming/Completed computed here. The screen filters by its URL query.
 */
export async function listAdminEvents(deps: AppDeps): Promise<AdminEventListResponse> {
  const now = deps.now();
  return { today: venueToday(now), events: await loadAdminEventDtos(deps.db, undefined, now) };
}
