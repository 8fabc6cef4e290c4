import { and, between, count, eq, ne } from "drizzle-orm";
import type { FreeAllowance } from "../../contracts/membership";
import type { BookingRules } from "../../domain/booking-rules";
import { freeBookingsRemaining, weekBounds } from "../../domain/free-booking";
import type { Db, Tx } from "../db/client";
import { reservations } from "../db/schema";

/**
 * SPEC §7 count_member_free_reservations {member_id, check_date}: the member's live free bookings
 * in the week (Monday–Sunday) that holds check_date. The week is the reservation's own date's
 * (docs/decisions/006-free-booking-week.md), not the week the booking was made in.
 */
export async function countFreeReservations(
  executor: Db | Tx,
  memberId: string,
  checkDate: string,
  rules: BookingRules,
): Promise<FreeAllowance> {
  const week = weekBounds(checkDate);
  const [row] = await executor
    .select({ n: count() })
    .from(reservations)
    .where(
      and(
        eq(reservations.userId, memberId),
        eq(reservations.isFreeMemberBooking, true),
        ne(reservations.status, "cancelled"),
        between(reservations.date, week.start, week.end),
      ),
    );
  const used = row?.n ?? 0;
  return {
    weekStart: week.start,
    weekEnd: week.end,
    limit: rules.freeBookingsPerWeek,
    used,
    remaining: freeBookingsRemaining(rules, used),
  };
}
