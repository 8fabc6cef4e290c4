import { eq } from "drizzle-orm";
import { REGISTRATION_MESSAGES } from "../../domain/event-registration";
import type { Db, Tx } from "../db/client";
import { eventRegistrations } from "../db/schema";
import { holdTokenMatches } from "../kernel/hold-token";
import { AppError } from "../lib/errors";

export type RegistrationRow = typeof eventRegistrations.$inferSelect;

export const NOT_YOUR_REGISTRATION_MESSAGE = "This registration does not belong to you";

/**
 * A pending registration, only for whoever holds its token (DECISIONS.md: an id alone is not
 * enough). With `lock`, the row is taken FOR UPDATE so the caller cannot interleave with a webhook.
 */
export async function loadOwnedRegistration(
  executor: Db | Tx,
  id: string,
  token: string,
  options: { lock?: boolean } = {},
): Promise<RegistrationRow> {
  const query = executor.select().from(eventRegistrations).where(eq(eventRegistrations.id, id)).limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) throw new AppError("NOT_FOUND", REGISTRATION_MESSAGES.registrationNotFound);
  if (!row.holdTokenHash || !holdTokenMatches(token, row.holdTokenHash)) {
    throw new AppError("FORBIDDEN", NOT_YOUR_REGISTRATION_MESSAGE);
  }
  return row;
}
