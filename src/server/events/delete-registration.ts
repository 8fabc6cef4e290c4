import { eq } from "drizzle-orm";
import { REGISTRATION_MESSAGES } from "../../domain/event-registration";
import { eventRegistrations } from "../db/schema";
import { AppError } from "../errors";
import type { AppDeps } from "../kernel/deps";
import { refillEventWaitlist } from "./waitlist-offers";

/** SPEC §7 Delete from event_registrations by id (after "Are you sure you want to delete this registration?"). */
export async function deleteRegistration(deps: AppDeps, id: string): Promise<void> {
  const deleted = await deps.db
    .delete(eventRegistrations)
    .where(eq(eventRegistrations.id, id))
    .returning({ id: eventRegistrations.id, eventId: eventRegistrations.eventId });
  const [row] = deleted;
  if (!row) throw new AppError("NOT_FOUND", REGISTRATION_MESSAGES.registrationNotFound);
  // Issue 15 §1: a removed registration's place goes to the next person waiting.
  await refillEventWaitlist(deps, row.eventId);
}
