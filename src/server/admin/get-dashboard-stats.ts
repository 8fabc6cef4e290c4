import { count, ne } from "drizzle-orm";
import type { DashboardStats } from "../../contracts/admin";
import type { Db } from "../db/client";
import { reservations, users } from "../db/schema";
import { isMember } from "./list-members";

/** SPEC §2 Admin Dashboard stats: live (non-cancelled) reservations and the member list's length. */
export async function getDashboardStats(db: Db): Promise<DashboardStats> {
  const [r] = await db.select({ n: count() }).from(reservations).where(ne(reservations.status, "cancelled"));
  const [m] = await db.select({ n: count() }).from(users).where(isMember);
  return { totalReservations: r?.n ?? 0, activeMembers: m?.n ?? 0 };
}
