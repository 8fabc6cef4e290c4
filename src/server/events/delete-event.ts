import { inArray } from "drizzle-orm";
import { EVENT_FORM_MESSAGES } from "../../domain/event-form";
import type { SeriesScope } from "../../domain/event-series";
import { eventRegistrations, events, payments } from "../db/schema";
import { AppError } from "../errors";
import type { AppDeps } from "../kernel/deps";
import { dissolveLoneSeries, findScopedEvents, lockEventRows } from "./series-scope";

/**
 * SPEC §7 Delete an event by id; its registrations go with it (the foreign key cascades). The
 * payments of those registrations are locked first — the webhook's lock order is payment, then
 * event — so a payment confirming at that moment and this delete never deadlock; a payment that
 * completes afterwards finds no registration and is refunded.
 *
 * Decision 021: in a series, `scope` deletes this occurrence, this and the following ones, or all
 * of them, each by the same rule, in one transaction. Answers how many events went.
 */
export async function deleteEvent(deps: AppDeps, id: string, scope: SeriesScope = "one"): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const scoped = await findScopedEvents(tx, id, scope);
    if (!scoped) throw new AppError("NOT_FOUND", EVENT_FORM_MESSAGES.notFound);
    const ids = scoped.targets.map((e) => e.id);
    const registrationIds = tx
      .select({ id: eventRegistrations.id })
      .from(eventRegistrations)
      .where(inArray(eventRegistrations.eventId, ids));
    await tx
      .select({ id: payments.id })
      .from(payments)
      .where(inArray(payments.registrationId, registrationIds))
      .orderBy(payments.id)
      .for("update");
    // Then the events in id order, as a series edit takes them, so the two never deadlock.
    await lockEventRows(tx, ids);
    const deleted = await tx.delete(events).where(inArray(events.id, ids)).returning({ id: events.id });
    if (deleted.length === 0) throw new AppError("NOT_FOUND", EVENT_FORM_MESSAGES.notFound);
    await dissolveLoneSeries(tx, [scoped.chosen.seriesId]);
    return deleted.length;
  });
}
