import { eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import {
  DEFAULT_HOLD_LIMITS,
  type HoldLimitName,
  type HoldLimits,
  tooManyActiveHoldsMessage,
  tooManyHoldsFromAddressMessage,
  tooManySlotsMessage,
} from "../../domain/hold-limits";
import type { Db, Tx } from "../db/client";
import { holds, venueSettings } from "../db/schema";
import { hashHoldToken } from "../kernel/hold-token";
import type { Config } from "../lib/config";
import { AppError } from "../lib/errors";
import { present } from "../lib/present";

/**
 * Who is asking for a hold, as far as the limits are concerned (DECISIONS.md Limits against
 * hoarding): the visitor is the hold token, the email or the account; the address only carries
 * the ceiling against floods.
 */
export type HoldVisitor = {
  /** The address's group (lib/address-group.ts: an IPv6 address by its /64), as holds store it. */
  ip: string;
  /** The customer email of the request, lower-cased. */
  email: string;
  /** The token of a hold this browser already has (header x-hold-token), when it sent one. */
  holdToken: string | null;
  /** The signed-in player's account, when there is one. */
  userId: string | null;
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

const limitDetails = (limit: HoldLimitName, retryAfter?: number) =>
  retryAfter === undefined ? { limit } : { limit, retryAfter };

export function checkSlotsPerHold(limits: HoldLimits, slots: number) {
  if (slots > limits.slotsPerHold) {
    throw new AppError("VALIDATION", tooManySlotsMessage(limits), limitDetails("slotsPerHold"));
  }
}

const secondsUntil = (at: Date, now: Date) => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));

/**
 * A visitor's place for a new hold is taken in the transaction that then creates it, in two parts
 * of that transaction's first two statements (create-hold.ts puts them with its other locks and
 * reads, one round trip each). First these advisory locks on the address, the email, the account
 * and the browser's hold token (in a fixed order): parallel requests of one visitor, or of one address, then count one
 * after another, so 50 at once cannot pass a limit that a row count checked beforehand would let
 * through; the hold row inserted before commit is what the next one counts.
 */
export function visitorLocks(visitor: HoldVisitor): SQL[] {
  return [
    sql`pg_advisory_xact_lock(hashtext(${`hold-ip:${visitor.ip}`}))`,
    sql`pg_advisory_xact_lock(hashtext(${`hold-email:${visitor.email}`}))`,
    ...(visitor.userId ? [sql`pg_advisory_xact_lock(hashtext(${`hold-user:${visitor.userId}`}))`] : []),
    ...(visitor.holdToken
      ? [sql`pg_advisory_xact_lock(hashtext(${`hold-browser:${hashHoldToken(visitor.holdToken)}`}))`]
      : []),
  ];
}

/** What `holdPlaceColumns` reads: epoch milliseconds, oldest first, and the visitor's id. */
export type HoldPlaceRead = {
  hold_place_recent: number[];
  hold_place_active: number[];
  hold_visitor: string;
};

/**
 * Then what the limits count, as columns of a select run after `visitorLocks` was taken (a
 * statement's snapshot is taken when it starts, so it must be a later statement): the holds made
 * from the address within the window (the ceiling), and the visitor's active holds: those of the
 * email, of the account, and of the browser (`hold_visitor`: the visitor of the hold whose token it
 * sent, else `newVisitorId`, which the new hold then carries; and that hold's email and account),
 * so changing the email between two holds does not make a new visitor. Another person behind the same address is not this visitor.
 */
export function holdPlaceColumns(
  limits: HoldLimits,
  visitor: HoldVisitor,
  now: Date,
  newVisitorId: string,
): SQL {
  const windowStart = new Date(now.getTime() - limits.windowMinutes * 60_000).toISOString();
  const known = visitor.holdToken ? hashHoldToken(visitor.holdToken) : null;
  const ofKnown = (column: SQLWrapper) =>
    sql`(select ${column} from ${holds} where ${holds.tokenHash} = ${known})`;
  const browser = known
    ? sql`coalesce(${ofKnown(holds.visitorId)}, ${newVisitorId}::uuid)`
    : sql`${newVisitorId}::uuid`;
  const sameVisitor: SQL[] = [
    sql`${holds.customerEmail} = ${visitor.email}`,
    sql`${holds.visitorId} = ${browser}`,
  ];
  if (visitor.userId) sameVisitor.push(sql`${holds.userId} = ${visitor.userId}`);
  // The hold the browser has is this visitor's too, with its email and account.
  if (known) {
    sameVisitor.push(
      sql`${holds.customerEmail} = ${ofKnown(holds.customerEmail)}`,
      sql`${holds.userId} = ${ofKnown(holds.userId)}`,
    );
  }
  const epochMs = (column: SQLWrapper) => sql`(extract(epoch from ${column}) * 1000)::float8`;
  return sql`
    (select coalesce(json_agg(${epochMs(holds.createdAt)} order by ${holds.createdAt}), '[]')
       from ${holds}
      where ${holds.clientIp} = ${visitor.ip} and ${holds.createdAt} > ${windowStart}::timestamptz) as hold_place_recent,
    (select coalesce(json_agg(${epochMs(holds.expiresAt)} order by ${holds.expiresAt}), '[]')
       from ${holds}
      where ${holds.status} = 'active' and ${holds.expiresAt} > ${now.toISOString()}::timestamptz
        and (${sql.join(sameVisitor, sql` or `)})) as hold_place_active,
    ${browser} as hold_visitor`;
}

/**
 * Refuses the hold (429, with when to try again and `details.limit`, the limit met) when the read
 * shows a limit reached.
 */
export function checkHoldPlace(limits: HoldLimits, read: HoldPlaceRead, now: Date): void {
  const recent = read.hold_place_recent;
  if (recent.length >= limits.perAddress) {
    const leavesWindow = present(recent[recent.length - limits.perAddress], "hold that frees a place");
    const freesAt = new Date(leavesWindow + limits.windowMinutes * 60_000);
    const retryAfter = secondsUntil(freesAt, now);
    throw new AppError(
      "RATE_LIMITED",
      tooManyHoldsFromAddressMessage(limits, retryAfter),
      limitDetails("perAddress", retryAfter),
    );
  }
  const active = read.hold_place_active;
  if (active.length >= limits.activePerVisitor) {
    const expiresFirst = present(active[active.length - limits.activePerVisitor], "hold that frees a place");
    const retryAfter = secondsUntil(new Date(expiresFirst), now);
    throw new AppError(
      "RATE_LIMITED",
      tooManyActiveHoldsMessage(limits, retryAfter),
      limitDetails("activePerVisitor", retryAfter),
    );
  }
}
