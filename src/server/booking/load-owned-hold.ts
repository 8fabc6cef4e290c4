import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { holds } from "../db/schema";
import { holdTokenMatches } from "../kernel/hold-token";
import { AppError } from "../lib/errors";
import type { HoldRow } from "./hold-summary";

export const NOT_YOUR_HOLD_MESSAGE = "This reservation hold does not belong to you";

/**
 * The hold, only for whoever holds its token (DECISIONS.md: an id alone is not enough). With `lock`,
 * the row is taken FOR UPDATE so the caller's changes cannot interleave with a webhook's.
 */
export async function loadOwnedHold(
  executor: Db | Tx,
  holdId: string,
  token: string,
  options: { lock?: boolean } = {},
): Promise<HoldRow> {
  const query = executor.select().from(holds).where(eq(holds.id, holdId)).limit(1);
  const [hold] = options.lock ? await query.for("update") : await query;
  return ownedHold(hold, token);
}

/** The hold read, for whoever holds its token only: 404 when there is none, 403 for a wrong token. */
export function ownedHold<T extends Pick<HoldRow, "tokenHash">>(hold: T | undefined, token: string): T {
  if (!hold) throw new AppError("NOT_FOUND", "Reservation not found");
  if (!holdTokenMatches(token, hold.tokenHash)) throw new AppError("FORBIDDEN", NOT_YOUR_HOLD_MESSAGE);
  return hold;
}
