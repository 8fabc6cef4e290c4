import { and, asc, eq, gt, isNotNull, isNull } from "drizzle-orm";
import type { StaffListResponse } from "../../contracts/staff";
import type { StaffRole } from "../../domain/staff-roles";
import { staffInvitations, users } from "../db/schema";
import type { AppDeps } from "../deps";
import { staffMemberDto } from "./staff-rows";

const ROLE_ORDER: Record<StaffRole, number> = { owner: 0, manager: 1, front_desk: 2 };

/** /admin/staff: everyone with a role (owners first), and the invitations still waiting. */
export async function listStaff(deps: AppDeps, viewerId: string): Promise<StaffListResponse> {
  const rows = await deps.db
    .select()
    .from(users)
    .where(isNotNull(users.staffRole))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email));
  const inviter = users;
  const invitations = await deps.db
    .select({ invitation: staffInvitations, firstName: inviter.firstName, lastName: inviter.lastName })
    .from(staffInvitations)
    .leftJoin(inviter, eq(inviter.id, staffInvitations.invitedBy))
    .where(
      and(
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, deps.now()),
      ),
    )
    .orderBy(asc(staffInvitations.createdAt));
  return {
    staff: rows
      .map((row) => staffMemberDto(row, viewerId))
      .sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role]),
    invitations: invitations.map(({ invitation, firstName, lastName }) => ({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      expiresAt: invitation.expiresAt.toISOString(),
      invitedBy: firstName !== null ? `${firstName} ${lastName ?? ""}`.trim() : null,
    })),
  };
}
