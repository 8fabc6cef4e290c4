import { and, asc, count, eq, inArray, isNotNull } from "drizzle-orm";
import type { MembersResponse } from "../../contracts/admin-members";
import type { Db } from "../db/client";
import { reservations, users } from "../db/schema";
import { noShowEmail, toActiveMember } from "./member-dto";

// SPEC §7 get_active_members: every member account, frozen ones included (the screen shows their
// status), by name. The dashboard's "active members" is the length of this list (get-dashboard-stats.ts).
export const isMember = eq(users.isMember, true);

export async function listMembers(db: Db): Promise<MembersResponse> {
  const rows = await db
    .select()
    .from(users)
    .where(isMember)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.email));
  const noShows = await noShowsByEmail(
    db,
    rows.map((r) => r.email.toLowerCase()),
  );
  return { members: rows.map((r) => toActiveMember(r, noShows.get(r.email.toLowerCase()) ?? 0)) };
}

/** Issue 33: each member's no-shows, in one grouped read of the partial index. */
async function noShowsByEmail(db: Db, emails: string[]): Promise<Map<string, number>> {
  if (emails.length === 0) return new Map();
  const counts = await db
    .select({ email: noShowEmail, n: count() })
    .from(reservations)
    .where(and(isNotNull(reservations.noShowAt), inArray(noShowEmail, emails)))
    .groupBy(noShowEmail);
  return new Map(counts.map((c) => [c.email, c.n]));
}
