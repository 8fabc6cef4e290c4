import { and, eq, gte } from "drizzle-orm";
import type { EventListResponse } from "../../contracts/events";
import { venueToday } from "../../domain/venue-time";
import type { SessionUser } from "../auth/session-user";
import { events } from "../db/schema";
import type { AppDeps } from "../deps";
import { loadEventDtos } from "./event-queries";

/**
 * SPEC §2 Events list: upcoming events only (an event leaves the list when its end, venue time,
 * has passed — SPEC §4 Event), private ones only for admins (DECISIONS.md). The screen filters
 * these by name, date range, type and calendar day.
 */
export async function listEvents(deps: AppDeps, viewer: SessionUser | null): Promise<EventListResponse> {
  const now = deps.now();
  const today = venueToday(now);
  const rows = await loadEventDtos(
    deps.db,
    and(gte(events.date, today), viewer?.isAdmin ? undefined : eq(events.isPrivate, false)),
    now,
  );
  return { today, events: rows.filter((e) => e.status === "upcoming") };
}
