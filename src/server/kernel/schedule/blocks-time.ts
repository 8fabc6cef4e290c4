import { and, gt, isNull, ne, or, type SQL } from "drizzle-orm";
import { reservations } from "../../db/schema";

export type TimeWindow = { date: string; startTime: string; endTime: string };

/**
 * The one rule for "does this reservation keep its facility busy?": every reservation blocks its
 * time unless it is cancelled, or pending with a payment hold that has ended (DECISIONS.md Payment
 * hold: it blocks nothing, even before the sweeper cancels it). Availability, the admin's facility
 * choices and the event court checks all use it, so they cannot disagree.
 */
export function reservationBlocksTime(now: Date): SQL {
  return and(
    ne(reservations.status, "cancelled"),
    or(
      ne(reservations.status, "pending"),
      isNull(reservations.holdExpiresAt),
      gt(reservations.holdExpiresAt, now),
    ),
  ) as SQL;
}
