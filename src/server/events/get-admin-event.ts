import { and, desc, eq, gt, ne, or } from "drizzle-orm";
import type { AdminEventDetailResponse } from "../../contracts/events";
import { EVENT_FORM_MESSAGES } from "../../domain/event-form";
import { eventRegistrations } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";
import { loadAdminEventDto } from "./event-queries";
import { toAdminRegistration } from "./registration-dto";

/**
 * SPEC §2 Event detail modal: the event and its registrations, newest first. Confirmed and
 * cancelled (refunded) rows are shown with their badges, and pending ones while their payment hold
 * runs; an abandoned checkout (pending, hold ended) is left out (docs/decisions/007-events.md).
 */
export async function getAdminEvent(deps: AppDeps, id: string): Promise<AdminEventDetailResponse> {
  const now = deps.now();
  const event = await loadAdminEventDto(deps.db, id, now);
  if (!event) throw new AppError("NOT_FOUND", EVENT_FORM_MESSAGES.notFound);
  const rows = await deps.db
    .select()
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, id),
        or(ne(eventRegistrations.status, "pending"), gt(eventRegistrations.holdExpiresAt, now)),
      ),
    )
    .orderBy(desc(eventRegistrations.createdAt));
  return { event, registrations: rows.map(toAdminRegistration) };
}
