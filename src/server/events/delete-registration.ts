import { eq } from "drizzle-orm";
import { REGISTRATION_MESSAGES } from "../../domain/event-registration";
import { eventRegistrations, events } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";
import { auditRegistration } from "./event-audit";
import { refillEventWaitlist } from "./waitlist-offers";

/** SPEC §7 Delete from event_registrations by id (after "Are you sure you want to delete this registration?"). */
export async function deleteRegistration(deps: AppDeps, actor: { id: string }, id: string): Promise<void> {
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(eventRegistrations).where(eq(eventRegistrations.id, id)).returning();
    if (!deleted) throw new AppError("NOT_FOUND", REGISTRATION_MESSAGES.registrationNotFound);
    const [event] = await tx
      .select({ name: events.name, date: events.date })
      .from(events)
      .where(eq(events.id, deleted.eventId));
    await auditRegistration(tx, {
      action: "delete_event_registration",
      actorId: actor.id,
      at: now,
      registrationId: deleted.id,
      label: `${deleted.customerName} · ${event?.name ?? "event"} · ${event?.date ?? ""}`,
      before: { name: deleted.customerName, email: deleted.customerEmail, status: deleted.status },
      after: null,
    });
    return deleted;
  });
  // Issue 15 §1: a removed registration's place goes to the next person waiting.
  await refillEventWaitlist(deps, row.eventId);
}
