import type { ActiveMember } from "../../contracts/admin-members";
import { venueToday } from "../../domain/venue-time";
import type { users } from "../db/schema";

type UserRow = typeof users.$inferSelect;

/** SPEC §3 Active member; dates as the venue's calendar reads them. */
export function toActiveMember(row: UserRow): ActiveMember {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    isFrozen: row.isFrozen,
    cancelAt: row.cancelAt ? venueToday(row.cancelAt) : null,
  };
}

export const memberLabel = (row: Pick<UserRow, "firstName" | "lastName" | "email">) =>
  `${`${row.firstName} ${row.lastName}`.trim() || row.email} <${row.email}>`;
