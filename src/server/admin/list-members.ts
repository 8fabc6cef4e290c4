import { asc, count, eq, ne } from "drizzle-orm";
import type { DashboardStats } from "../../contracts/admin";
import type { MembersResponse } from "../../contracts/admin-members";
import type { Db } from "../db/client";
import { reservations, users } from "../db/schema";
import { toActiveMember } from "./member-dto";

// SPEC §7 get_active_members: every member account, frozen ones included (the screen shows their
// status), by name. The dashboard's "active members" is the length of this list.
const isMember = eq(users.isMember, true);

export async function listMembers(db: Db): Promise<MembersResponse> {
  const rows = await db
    .select()
    .from(users)
    .where(isMember)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.email));
  return { members: rows.map(toActiveMember) };
}

/** SPEC §2 Admin Dashboard stats: live (non-cancelled) reservations and the member list's length. */
export async function getDashboardStats(db: Db): Promise<DashboardStats> {
  const [r] = await db.select({ n: count() }).from(reservations).where(ne(reservations.status, "cancelled"));
  const [m] = await db.select({ n: count() }).from(users).where(isMember);
  return { totalReservations: r?.n ?? 0, activeMembers: m?.n ?? 0 };
}
