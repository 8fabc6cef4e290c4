import { and, eq, inArray } from "drizzle-orm";
import { EVENT_FORM_MESSAGES } from "../../domain/event-form";
import type { SeriesScope } from "../../domain/event-series";
import { eventRegistrations, events, payments } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";
import { EVENT_REGISTRATION } from "./checkout-purpose";
import { auditEvent, eventFacts } from "./event-audit";
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
export async function deleteEvent(
  deps: AppDeps,
  actor: { id: string },
  id: string,
  scope: SeriesScope = "one",
): Promise<number> {
  const now = deps.now();
  const count = await deps.db.transaction(async (tx) => {
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
      .where(and(eq(payments.purpose, EVENT_REGISTRATION), inArray(payments.reference, registrationIds)))
      .orderBy(payments.id)
      .for("update");
    // Then the events in id order, as a series edit takes them, so the two never deadlock.
    await lockEventRows(tx, ids);
    const deleted = await tx.delete(events).where(inArray(events.id, ids)).returning({ id: events.id });
    if (deleted.length === 0) throw new AppError("NOT_FOUND", EVENT_FORM_MESSAGES.notFound);
    await dissolveLoneSeries(tx, [scoped.chosen.seriesId]);
    await auditEvent(tx, {
      action: "delete_event",
      actorId: actor.id,
      at: now,
      eventId: id,
      label: `${scoped.chosen.name} · ${scoped.chosen.date}${deleted.length > 1 ? ` and ${deleted.length - 1} more` : ""}`,
      before: { ...eventFacts(scoped.chosen), occurrences: deleted.length },
      after: null,
    });
    return deleted.length;
  });
  await deps.schedule.changed();
  return count;
}
