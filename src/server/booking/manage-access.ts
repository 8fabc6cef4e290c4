import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { holds } from "../db/schema";
import { AppError } from "../errors";
import type { AppDeps, SessionUser } from "../kernel/deps";
import { holdTokenMatches } from "../kernel/hold-token";
import { returnRateLimitHit, takeRateLimitHit } from "../kernel/rate-limit";
import type { HoldRow } from "./hold-summary";
import { resolveManageLink } from "./manage-links";

export const BOOKING_NOT_FOUND = "Booking not found";
export const MANAGE_LINK_INVALID =
  "This booking link is not valid or has expired. Please check your confirmation email or call us.";

/**
 * Against guessing (decision 019): an address gets 10 wrong or expired manage links per 15 minutes;
 * the 11th lookup, right or wrong, is refused until the window ends. Right tokens are not counted.
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

/** The hold a manage link opens, throttled per address; a wrong or expired link is a 404. */
export async function openManageLink(deps: AppDeps, token: string, ip: string): Promise<HoldRow> {
  const now = deps.now();
  const bucket = `manage-lookup:${ip}`;
  const hit = await takeRateLimitHit(deps.db, bucket, MANAGE_LOOKUP_LIMIT, now);
  if (!hit.allowed) {
    throw new AppError("RATE_LIMITED", manageLookupThrottledMessage(hit.retryAfter), {
      retryAfter: hit.retryAfter,
    });
  }
  const holdId = await resolveManageLink(deps.db, token, now);
  const hold = holdId ? await deps.db.query.holds.findFirst({ where: eq(holds.id, holdId) }) : undefined;
  if (!hold) throw new AppError("NOT_FOUND", MANAGE_LINK_INVALID);
  await returnRateLimitHit(deps.db, bucket, hit.windowStart);
  return hold;
}
