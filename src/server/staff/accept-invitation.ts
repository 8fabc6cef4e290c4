import { and, eq, gt, isNull, type SQL } from "drizzle-orm";
import type { AcceptInvitationRequest, InvitationLookupResponse } from "../../contracts/staff";
import { createUserWithPassword } from "../auth/create-user";
import { checkPasswordPolicy } from "../auth/password-policy";
import type { Db, Tx } from "../db/client";
import { staffInvitations } from "../db/schema";
import type { AppDeps } from "../deps";
import { hashHoldToken } from "../kernel/hold-token";
import { takeRateLimitHit } from "../kernel/rate-limit";
import { writeAudit } from "../kernel/staff/audit-log";
import { addressGroup } from "../lib/address-group";
import { AppError, fieldError } from "../lib/errors";
import { loadVenueIdentity } from "../settings/venue-settings";
import { accountExistsMessage } from "./invite-staff";
import { accountExists } from "./staff-rows";

export const INVITATION_INVALID =
  "This invitation link is not valid or has expired. Ask the owner for a new one.";
/** Wrong invitation links an address may try in 15 minutes (the links are unguessable anyway). */
export const INVITATION_LOOKUP_LIMIT = { limit: 10, windowMs: 15 * 60_000 } as const;

type InvitationRow = typeof staffInvitations.$inferSelect;

/** The invitation a link opens: not used, not withdrawn, not expired. Wrong links count per address. */
async function openInvitation(deps: AppDeps, token: string, ip: string): Promise<InvitationRow> {
  const now = deps.now();
  const [row] = await usableInvitation(deps.db, eq(staffInvitations.tokenHash, hashHoldToken(token)), now);
  if (row) return row;
  const hit = await takeRateLimitHit(
    deps.db,
    `staff-invite-lookup:${addressGroup(ip)}`,
    INVITATION_LOOKUP_LIMIT,
    now,
  );
  if (!hit.allowed) {
    throw new AppError(
      "RATE_LIMITED",
      `Too many invitation links tried. Please wait ${Math.ceil(hit.retryAfter / 60)} minutes and try again.`,
      { retryAfter: hit.retryAfter },
    );
  }
  throw new AppError("NOT_FOUND", INVITATION_INVALID);
}

function usableInvitation(executor: Db | Tx, which: SQL, now: Date) {
  return executor
    .select()
    .from(staffInvitations)
    .where(
      and(
        which,
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    )
    .limit(1);
}

/** What the set-password page shows before the person types anything. */
export async function lookUpInvitation(
  deps: AppDeps,
  token: string,
  ip: string,
): Promise<InvitationLookupResponse> {
  const row = await openInvitation(deps, token, ip);
  const venue = await loadVenueIdentity(deps.db, deps.config);
  return {
    email: row.email,
    role: row.role,
    venueName: venue.venueName,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * The invited person sets their name and password: the account is made with the invitation's role
 * and the link is used up, in one transaction. They then sign in as any staff member does.
 */
export async function acceptInvitation(
  deps: AppDeps,
  input: AcceptInvitationRequest,
  ip: string,
): Promise<{ email: string }> {
  const problem = checkPasswordPolicy(input.password, input.confirmPassword);
  if (problem) throw fieldError("password", problem);
  const found = await openInvitation(deps, input.token, ip);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    // Locked and checked again: two tabs submitting the same link make one account.
    const [invitation] = await usableInvitation(tx, eq(staffInvitations.id, found.id), now).for("update");
    if (!invitation) throw new AppError("NOT_FOUND", INVITATION_INVALID);
    if (await accountExists(tx, invitation.email)) {
      throw new AppError("CONFLICT", accountExistsMessage(invitation.email));
    }
    const user = await createUserWithPassword(tx, {
      email: invitation.email,
      firstName: input.firstName,
      lastName: input.lastName,
      password: input.password,
      staffRole: invitation.role,
    });
    await tx.update(staffInvitations).set({ acceptedAt: now }).where(eq(staffInvitations.id, invitation.id));
    await writeAudit(tx, {
      action: "accept_staff_invitation",
      targetType: "staff_member",
      targetId: user.id,
      targetLabel: `${input.firstName} ${input.lastName} (${user.email})`,
      actorUserId: user.id,
      outcome: "success",
      at: now,
      details: { before: null, after: { email: user.email, role: invitation.role } },
    });
    return { email: user.email };
  });
}
