import { and, gt, isNull, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import { reservations } from "../../db/schema";

export type TimeWindow = { date: string; startTime: string; endTime: string };

/**
 * The one rule for "does this reservation keep its facility busy?": every reservation blocks its
 * time unless it is cancelled, or pending with a payment hold that has ended (DECISIONS.md Payment
 * hold: it blocks nothing, even before the sweeper cancels it). Availability, the admin's facility
 * choices and the event court checks all use it, so they cannot disagree.
 */
export function reservationBlocksTime(now: Date | Placeholder): SQL {
  // The statuses as literals, not parameters: the planner can then prove the partial indexes'
  // `status <> 'cancelled'` from the query even in a generic (prepared) plan.
  return and(
    sql`${reservations.status} <> 'cancelled'`,
    or(
      sql`${reservations.status} <> 'pending'`,
      isNull(reservations.holdExpiresAt),
      gt(reservations.holdExpiresAt, now),
    ),
  ) as SQL;
}
