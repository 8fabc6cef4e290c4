import { eq } from "drizzle-orm";
import { REGISTRATION_MESSAGES } from "../../domain/event-registration";
import { eventRegistrations } from "../db/schema";
import { AppError } from "../errors";
import type { AppDeps } from "../kernel/deps";

/** SPEC §7 Delete from event_registrations by id (after "Are you sure you want to delete this registration?"). */
export async function deleteRegistration(deps: AppDeps, id: string): Promise<void> {
  const deleted = await deps.db
    .delete(eventRegistrations)
    .where(eq(eventRegistrations.id, id))
    .returning({ id: eventRegistrations.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND", REGISTRATION_MESSAGES.registrationNotFound);
}
