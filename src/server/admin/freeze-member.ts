import { eq } from "drizzle-orm";
import type { ActiveMember } from "../../contracts/admin-members";
import type { SessionUser } from "../auth/session-user";
import { sessions, users } from "../db/schema";
import type { AppDeps } from "../deps";
import { withManagerPassword } from "../kernel/staff/manager-authorization";
import { AppError } from "../lib/errors";
import { memberLabel, memberNoShows, toActiveMember } from "./member-dto";

/**
 * SPEC §4 Member account and §7 freeze_account: Active ↔ Frozen behind the manager password.
 * Freezing ends every session of the account at once (SPEC §6: a frozen user cannot log in).
 */
export async function freezeMember(
  deps: AppDeps,
  actor: SessionUser,
  userId: string,
  input: { freeze: boolean; managerPassword: string },
): Promise<ActiveMember> {
  const user = await deps.db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) throw new AppError("NOT_FOUND", "Member not found");
  if (user.id === actor.id) throw new AppError("VALIDATION", "You cannot freeze your own account");
  const target = {
    action: input.freeze ? ("freeze_account" as const) : ("unfreeze_account" as const),
    targetType: "user" as const,
    targetId: user.id,
    targetLabel: memberLabel(user),
  };
  return withManagerPassword(deps, actor, input.managerPassword, target, async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ isFrozen: input.freeze, updatedAt: deps.now() })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw new AppError("NOT_FOUND", "Member not found");
    let endedSessions = 0;
    if (input.freeze) {
      endedSessions = (
        await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id })
      ).length;
    }
    return {
      result: toActiveMember(row, await memberNoShows(tx, row.email)),
      details: { wasFrozen: user.isFrozen, endedSessions },
    };
  });
}
