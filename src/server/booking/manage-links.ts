import { and, eq, gt } from "drizzle-orm";
import type { HoldItem } from "../../contracts/booking-holds";
import { venueInstant } from "../../domain/venue-time";
import type { Db, Tx } from "../db/client";
import { manageLinks } from "../db/schema";
import { hashHoldToken, newHoldToken } from "../kernel/hold-token";

// Decision 019: a booking's manage link is a 256-bit random token (the hold token's generator),
// stored only as its SHA-256, that works until 7 days after the booking's last item ends.

const DAYS_AFTER_END = 7;

export const manageLinkPath = (token: string) => `/manage/${token}`;

/** When a link to these items stops working. */
export function manageLinkExpiry(items: HoldItem[], now: Date): Date {
  const ends = items.map((i) => venueInstant(i.date, i.endTime).getTime());
  const lastEnd = ends.length > 0 ? Math.max(...ends) : now.getTime();
  return new Date(lastEnd + DAYS_AFTER_END * 86_400_000);
}

/** A new link for the booking; the token is returned once and never stored. */
export async function mintManageLink(
  executor: Db | Tx,
  holdId: string,
  items: HoldItem[],
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const { token, hash } = newHoldToken();
  const expiresAt = manageLinkExpiry(items, now);
  await executor.insert(manageLinks).values({ tokenHash: hash, holdId, expiresAt, createdAt: now });
  return { token, expiresAt };
}

/** The booking a token opens, or null when it is unknown or has expired. */
export async function resolveManageLink(executor: Db | Tx, token: string, now: Date): Promise<string | null> {
  const [row] = await executor
    .select({ holdId: manageLinks.holdId })
    .from(manageLinks)
    .where(and(eq(manageLinks.tokenHash, hashHoldToken(token)), gt(manageLinks.expiresAt, now)))
    .limit(1);
  return row?.holdId ?? null;
}
