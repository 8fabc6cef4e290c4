import { and, asc, eq, gt, inArray, or, type SQL, sql } from "drizzle-orm";
import {
  DEFAULT_HOLD_LIMITS,
  type HoldLimits,
  tooManyActiveHoldsMessage,
  tooManyHoldsFromAddressMessage,
  tooManySlotsMessage,
} from "../../domain/hold-limits";
import type { Config } from "../config";
import type { Db, Tx } from "../db/client";
import { holds, venueSettings } from "../db/schema";
import { AppError } from "../errors";
import { hashHoldToken } from "../kernel/hold-token";
import { present } from "../kernel/present";

/** Who is asking for a hold, as far as the limits are concerned (DECISIONS.md Limits against hoarding). */
export type HoldVisitor = {
  ip: string;
  /** The customer email of the request, lower-cased. */
  email: string;
  /** The token of a hold this browser already has (header x-hold-token), when it sent one. */
  holdToken: string | null;
};

/** The venue's limits: its settings row, then the environment, then the default, one by one. */
export async function loadHoldLimits(executor: Db | Tx, config: Config): Promise<HoldLimits> {
  const [row] = await executor
    .select({
      activePerVisitor: venueSettings.holdLimitActivePerVisitor,
      slotsPerHold: venueSettings.holdLimitSlotsPerHold,
      perAddress: venueSettings.holdLimitPerAddress,
      windowMinutes: venueSettings.holdLimitWindowMinutes,
    })
    .from(venueSettings)
    .where(eq(venueSettings.id, 1));
  return {
    activePerVisitor:
      row?.activePerVisitor ?? config.HOLD_LIMIT_ACTIVE_PER_VISITOR ?? DEFAULT_HOLD_LIMITS.activePerVisitor,
    slotsPerHold: row?.slotsPerHold ?? config.HOLD_LIMIT_SLOTS_PER_HOLD ?? DEFAULT_HOLD_LIMITS.slotsPerHold,
    perAddress: row?.perAddress ?? config.HOLD_LIMIT_PER_ADDRESS ?? DEFAULT_HOLD_LIMITS.perAddress,
    windowMinutes:
      row?.windowMinutes ?? config.HOLD_LIMIT_WINDOW_MINUTES ?? DEFAULT_HOLD_LIMITS.windowMinutes,
  };
}

export function checkSlotsPerHold(limits: HoldLimits, slots: number) {
  if (slots > limits.slotsPerHold) throw new AppError("VALIDATION", tooManySlotsMessage(limits));
}

const secondsUntil = (at: Date, now: Date) => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));

/**
 * Takes this visitor's place for a new hold, in the transaction that then creates it. Advisory
 * locks on the address and the email (in a fixed order) make parallel requests of one visitor
 * count one after another, so 50 at once cannot pass a limit that a row count checked beforehand
 * would let through; the hold row inserted before commit is what the next one counts.
 */
export async function takeHoldPlace(tx: Tx, limits: HoldLimits, visitor: HoldVisitor, now: Date) {
  // Both in one statement (one round trip); the select list is taken left to right.
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`hold-ip:${visitor.ip}`})), pg_advisory_xact_lock(hashtext(${`hold-email:${visitor.email}`}))`,
  );

  const windowStart = new Date(now.getTime() - limits.windowMinutes * 60_000);
  const recent = await tx
    .select({ createdAt: holds.createdAt })
    .from(holds)
    .where(and(eq(holds.clientIp, visitor.ip), gt(holds.createdAt, windowStart)))
    .orderBy(asc(holds.createdAt));
  if (recent.length >= limits.perAddress) {
    const leavesWindow = present(recent[recent.length - limits.perAddress], "hold that frees a place");
    const freesAt = new Date(leavesWindow.createdAt.getTime() + limits.windowMinutes * 60_000);
    const retryAfter = secondsUntil(freesAt, now);
    throw new AppError("RATE_LIMITED", tooManyHoldsFromAddressMessage(limits, retryAfter), { retryAfter });
  }

  // The browser's hold token ties this request to the address and email of the hold it already
  // has, so changing both between two holds does not make a new visitor.
  const ips = new Set([visitor.ip]);
  const emails = new Set([visitor.email]);
  if (visitor.holdToken) {
    const [known] = await tx
      .select({ ip: holds.clientIp, email: holds.customerEmail })
      .from(holds)
      .where(eq(holds.tokenHash, hashHoldToken(visitor.holdToken)));
    if (known?.ip) ips.add(known.ip);
    if (known?.email) emails.add(known.email);
  }
  const sameVisitor: SQL[] = [inArray(holds.clientIp, [...ips]), inArray(holds.customerEmail, [...emails])];
  const active = await tx
    .select({ expiresAt: holds.expiresAt })
    .from(holds)
    .where(and(eq(holds.status, "active"), gt(holds.expiresAt, now), or(...sameVisitor)))
    .orderBy(asc(holds.expiresAt));
  if (active.length >= limits.activePerVisitor) {
    const expiresFirst = present(active[active.length - limits.activePerVisitor], "hold that frees a place");
    const retryAfter = secondsUntil(expiresFirst.expiresAt, now);
    throw new AppError("RATE_LIMITED", tooManyActiveHoldsMessage(limits, retryAfter), { retryAfter });
  }
}
