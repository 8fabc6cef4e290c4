import { and, count, isNotNull, sql } from "drizzle-orm";
import type { ActiveMember } from "../../contracts/admin-members";
import { venueToday } from "../../domain/venue-time";
import type { Db, Tx } from "../db/client";
import { reservations, type users } from "../db/schema";

type UserRow = typeof users.$inferSelect;

/** SPEC §3 Active member; dates as the venue's calendar reads them. */
export function toActiveMember(row: UserRow, noShows: number): ActiveMember {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    isFrozen: row.isFrozen,
    cancelAt: row.cancelAt ? venueToday(row.cancelAt) : null,
    noShows,
    compEndsOn: row.compEndsAt ? venueToday(row.compEndsAt) : null,
  };
}

/** Issue 33: no-shows are counted by the booking's email (reservations_no_show_email_idx). */
export const noShowEmail = sql<string>`lower(${reservations.customerEmail})`;

export async function memberNoShows(executor: Db | Tx, email: string): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(reservations)
    .where(and(isNotNull(reservations.noShowAt), sql`${noShowEmail} = ${email.toLowerCase()}`));
  return row?.n ?? 0;
}

export const memberLabel = (row: Pick<UserRow, "firstName" | "lastName" | "email">) =>
  `${`${row.firstName} ${row.lastName}`.trim() || row.email} <${row.email}>`;
