import { eq } from "drizzle-orm";
import type { StaffMember } from "../../contracts/staff";
import { grantableRoles, type StaffRole } from "../../domain/staff-roles";
import type { SessionUser } from "../auth/session-user";
import { sessions, users } from "../db/schema";
import type { AppDeps } from "../deps";
import { writeAudit } from "../kernel/staff/audit-log";
import { fieldError } from "../lib/errors";
import { present } from "../lib/present";
import { cannotGrantMessage } from "./invite-staff";
import { keepAnOwner, lockStaffMember, staffLabel, staffMemberDto } from "./staff-rows";

/**
 * Issue 33: the owner gives a staff member another role. A role the actor may not grant is refused,
 * and so is a change that would leave the venue without an owner. It takes effect on the person's
 * next request (every request reads the role afresh).
 */
export async function changeStaffRole(
  deps: AppDeps,
  actor: SessionUser,
  id: string,
  role: StaffRole,
): Promise<StaffMember> {
  if (!grantableRoles(actor.staffRole).includes(role)) {
    throw fieldError("role", cannotGrantMessage(role), "FORBIDDEN");
  }
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const member = await lockStaffMember(tx, id);
    if (member.staffRole === role) return staffMemberDto(member, actor.id);
    if (member.staffRole === "owner") await keepAnOwner(tx, member.id);
    const [updated] = await tx
      .update(users)
      .set({ staffRole: role, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    await writeAudit(tx, {
      action: "change_staff_role",
      targetType: "staff_member",
      targetId: id,
      targetLabel: staffLabel(member),
      actorUserId: actor.id,
      outcome: "success",
      at: now,
      details: { before: { role: member.staffRole }, after: { role } },
    });
    return staffMemberDto(present(updated), actor.id);
  });
}

/**
 * Issue 33: the owner removes a person from the staff. Their account stays (a customer's bookings
 * and membership are theirs), without a role, and every session of theirs ends at once. The last
 * owner cannot be removed.
 */
export async function removeStaff(deps: AppDeps, actor: SessionUser, id: string): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const member = await lockStaffMember(tx, id);
    if (member.staffRole === "owner") await keepAnOwner(tx, member.id);
    await tx.update(users).set({ staffRole: null, updatedAt: now }).where(eq(users.id, id));
    const ended = await tx.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id });
    await writeAudit(tx, {
      action: "remove_staff",
      targetType: "staff_member",
      targetId: id,
      targetLabel: staffLabel(member),
      actorUserId: actor.id,
      outcome: "success",
      at: now,
      details: { before: { role: member.staffRole }, after: { role: null }, sessionsEnded: ended.length },
    });
  });
}
