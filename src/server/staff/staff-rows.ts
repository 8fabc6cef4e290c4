import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { StaffMember } from "../../contracts/staff";
import { STAFF_ROLE_LABELS, type StaffRole } from "../../domain/staff-roles";
import type { Db, Tx } from "../db/client";
import { users } from "../db/schema";
import { AppError } from "../lib/errors";

// What every staff-management use case starts from: the staff rows, the owners locked while a
// change could leave the venue without one, and the words a person reads in the audit log.

export const STAFF_NOT_FOUND = "Staff member not found";
export const LAST_OWNER_MESSAGE = "The venue needs at least one owner. Make someone else the owner first.";

type UserRow = typeof users.$inferSelect;

export const staffLabel = (row: Pick<UserRow, "firstName" | "lastName" | "email">) =>
  `${`${row.firstName} ${row.lastName}`.trim() || row.email} (${row.email})`;

export const roleLabel = (role: StaffRole | null) => (role ? STAFF_ROLE_LABELS[role] : "Not staff");

export function staffMemberDto(row: UserRow, viewerId: string): StaffMember {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.staffRole as StaffRole,
    isYou: row.id === viewerId,
  };
}

/** A staff member's row, locked for the change; anyone else (or nobody) is a 404. */
export async function lockStaffMember(tx: Tx, id: string): Promise<UserRow & { staffRole: StaffRole }> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNotNull(users.staffRole)))
    .for("update");
  if (!row?.staffRole) throw new AppError("NOT_FOUND", STAFF_NOT_FOUND);
  return row as UserRow & { staffRole: StaffRole };
}

/**
 * Locks every owner's row (in id order, so two changes cannot deadlock) and refuses when taking
 * `leaving` out of the owners would leave none: two owners demoting each other at once cannot both win.
 */
export async function keepAnOwner(tx: Tx, leaving: string): Promise<void> {
  const owners = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.staffRole, "owner"))
    .orderBy(users.id)
    .for("update");
  if (owners.every((o) => o.id === leaving)) throw new AppError("CONFLICT", LAST_OWNER_MESSAGE);
}

/** Whether an account already uses this address (in any case). */
export async function accountExists(executor: Db | Tx, email: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row !== undefined;
}
