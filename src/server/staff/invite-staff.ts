import { and, eq, isNull, sql } from "drizzle-orm";
import type { InviteStaffRequest, PendingInvitation } from "../../contracts/staff";
import { grantableRoles, STAFF_INVITATION_HOURS, STAFF_ROLE_LABELS } from "../../domain/staff-roles";
import type { SessionUser } from "../auth/session-user";
import { staffInvitations } from "../db/schema";
import type { AppDeps } from "../deps";
import { staffInvitationEmail } from "../email/templates/staff-invitation";
import { newHoldToken } from "../kernel/hold-token";
import { takeRateLimitHit } from "../kernel/rate-limit";
import { writeAudit } from "../kernel/staff/audit-log";
import { AppError, fieldError } from "../lib/errors";
import { present } from "../lib/present";
import { loadVenueIdentity } from "../settings/venue-settings";
import { accountExists } from "./staff-rows";

/** An owner sends at most this many invitations in 15 minutes (a stolen session cannot spam). */
export const INVITE_LIMIT = { limit: 10, windowMs: 15 * 60_000 } as const;

export const accountExistsMessage = (email: string) =>
  `${email} already has an account. An invitation is for an address without one.`;

export const cannotGrantMessage = (role: keyof typeof STAFF_ROLE_LABELS) =>
  `You cannot give the ${STAFF_ROLE_LABELS[role]} role`;

/**
 * Issue 33: the owner invites a new person by email. The emailed link (a random token, stored only
 * as its hash) lets that address set a password for STAFF_INVITATION_HOURS; inviting the address
 * again withdraws the earlier link. An address that already has an account is refused.
 */
export async function inviteStaff(
  deps: AppDeps,
  actor: SessionUser,
  input: InviteStaffRequest,
): Promise<PendingInvitation> {
  if (!grantableRoles(actor.staffRole).includes(input.role)) {
    throw fieldError("role", cannotGrantMessage(input.role), "FORBIDDEN");
  }
  const now = deps.now();
  const hit = await takeRateLimitHit(deps.db, `staff-invite:${actor.id}`, INVITE_LIMIT, now);
  if (!hit.allowed) {
    throw new AppError(
      "RATE_LIMITED",
      `Too many invitations sent. Please wait ${Math.ceil(hit.retryAfter / 60)} minutes and try again.`,
      { retryAfter: hit.retryAfter },
    );
  }
  const venue = await loadVenueIdentity(deps.db, deps.config);
  const { token, hash } = newHoldToken();
  const expiresAt = new Date(now.getTime() + STAFF_INVITATION_HOURS * 3600_000);
  const row = await deps.db.transaction(async (tx) => {
    // One invitation at a time per address: the lock makes two invitations of one address queue.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`staff-invite:${input.email}`}))`);
    if (await accountExists(tx, input.email)) {
      throw fieldError("email", accountExistsMessage(input.email), "CONFLICT");
    }
    await tx
      .update(staffInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          sql`lower(${staffInvitations.email}) = ${input.email}`,
          isNull(staffInvitations.acceptedAt),
          isNull(staffInvitations.revokedAt),
        ),
      );
    const [invitation] = await tx
      .insert(staffInvitations)
      .values({ email: input.email, role: input.role, tokenHash: hash, invitedBy: actor.id, expiresAt })
      .returning();
    const created = present(invitation);
    await writeAudit(tx, {
      action: "invite_staff",
      targetType: "staff_invitation",
      targetId: created.id,
      targetLabel: input.email,
      actorUserId: actor.id,
      outcome: "success",
      at: now,
      details: {
        before: null,
        after: { email: input.email, role: input.role, expiresAt: expiresAt.toISOString() },
      },
    });
    await deps.outbox.enqueue(tx, {
      to: input.email,
      ...staffInvitationEmail({
        venueName: venue.venueName,
        inviterName: `${actor.firstName} ${actor.lastName}`.trim() || actor.email,
        roleLabel: STAFF_ROLE_LABELS[input.role],
        link: `${deps.config.publicUrl}/staff-invite?token=${encodeURIComponent(token)}`,
        hours: STAFF_INVITATION_HOURS,
      }),
    });
    return created;
  });
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    expiresAt: row.expiresAt.toISOString(),
    invitedBy: `${actor.firstName} ${actor.lastName}`.trim() || null,
  };
}

/** The owner withdraws a waiting invitation: its link stops working at once. */
export async function revokeInvitation(deps: AppDeps, actor: SessionUser, id: string): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(staffInvitations.id, id),
          isNull(staffInvitations.acceptedAt),
          isNull(staffInvitations.revokedAt),
        ),
      )
      .returning();
    if (!row) throw new AppError("NOT_FOUND", "Invitation not found");
    await writeAudit(tx, {
      action: "revoke_staff_invitation",
      targetType: "staff_invitation",
      targetId: row.id,
      targetLabel: row.email,
      actorUserId: actor.id,
      outcome: "success",
      at: now,
      details: { before: { email: row.email, role: row.role }, after: null },
    });
  });
}
