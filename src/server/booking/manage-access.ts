import { eq } from "drizzle-orm";
import type { SessionUser } from "../auth/session-user";
import type { Db, Tx } from "../db/client";
import { holds } from "../db/schema";
import type { AppDeps } from "../deps";
import { holdTokenMatches } from "../kernel/hold-token";
import { takeRateLimitHit } from "../kernel/rate-limit";
import { addressGroup } from "../lib/address-group";
import { AppError } from "../lib/errors";
import type { HoldRow } from "./hold-summary";
import { resolveManageLink } from "./manage-links";

export const BOOKING_NOT_FOUND = "Booking not found";
export const MANAGE_LINK_INVALID =
  "This booking link is not valid or has expired. Please check your confirmation email or call us.";

/**
 * Against guessing (decision 019, issue 30 item 5): an address gets 10 wrong or expired manage
 * links per 15 minutes, then wrong ones are refused until the window ends. Only wrong links count,
 * and a right link always opens: the owner's own clicks, or ten guesses by someone else on the same
 * Wi-Fi, never lock a customer out of their booking.
 */
export const MANAGE_LOOKUP_LIMIT = { limit: 10, windowMs: 15 * 60_000 } as const;

export const manageLookupThrottledMessage = (retryAfter: number) =>
  `Too many booking links tried. Please wait ${Math.ceil(retryAfter / 60)} minutes and try again.`;

/**
 * The hold behind /success: for the browser that holds its token, or for the signed-in customer who
 * made it. Anyone else gets the same 404 as for a missing booking, so ids cannot be probed.
 */
export async function loadCustomerHold(
  executor: Db | Tx,
  holdId: string,
  who: { holdToken: string | null; user: SessionUser | null },
  options: { lock?: boolean } = {},
): Promise<HoldRow> {
  const query = executor.select().from(holds).where(eq(holds.id, holdId)).limit(1);
  const [hold] = options.lock ? await query.for("update") : await query;
  const owns =
    hold &&
    ((who.holdToken !== null && holdTokenMatches(who.holdToken, hold.tokenHash)) ||
      (who.user !== null && hold.userId === who.user.id));
  if (!hold || !owns) throw new AppError("NOT_FOUND", BOOKING_NOT_FOUND);
  return hold;
}

/** The hold a manage link opens; a wrong or expired link is a 404, counted against the address. */
export async function openManageLink(deps: AppDeps, token: string, ip: string): Promise<HoldRow> {
  const now = deps.now();
  const holdId = await resolveManageLink(deps.db, token, now);
  const hold = holdId ? await deps.db.query.holds.findFirst({ where: eq(holds.id, holdId) }) : undefined;
  if (hold) return hold;
  const hit = await takeRateLimitHit(deps.db, `manage-lookup:${addressGroup(ip)}`, MANAGE_LOOKUP_LIMIT, now);
  if (!hit.allowed) {
    throw new AppError("RATE_LIMITED", manageLookupThrottledMessage(hit.retryAfter), {
      retryAfter: hit.retryAfter,
    });
  }
  throw new AppError("NOT_FOUND", MANAGE_LINK_INVALID);
}
