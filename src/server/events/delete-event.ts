import { eq, inArray } from "drizzle-orm";
import { EVENT_FORM_MESSAGES } from "../../domain/event-form";
import { eventRegistrations, events, payments } from "../db/schema";
import { AppError } from "../errors";
import type { AppDeps } from "../kernel/deps";

/**
 * SPEC §7 Delete an event by id; its registrations go with it (the foreign key cascades). The
 * payments of those registrations are locked first — the webhook's lock order is payment, then
 * event — so a payment confirming at that moment and this delete never deadlock; a payment that
 * completes afterwards finds no registration and is refunded.
 */
export async function deleteEvent(deps: AppDeps, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const registrationIds = tx
      .select({ id: eventRegistrations.id })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, id));
    await tx
      .select({ id: payments.id })
      .from(payments)
      .where(inArray(payments.registrationId, registrationIds))
      .orderBy(payments.id)
      .for("update");
    const deleted = await tx.delete(events).where(eq(events.id, id)).returning({ id: events.id });
    if (deleted.length === 0) throw new AppError("NOT_FOUND", EVENT_FORM_MESSAGES.notFound);
  });
}
