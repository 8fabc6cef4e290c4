import { and, eq, ne } from "drizzle-orm";
import type { ChangePasswordRequest } from "../../contracts/auth";
import { checkNewPassword } from "../../domain/password";
import { accounts, sessions } from "../db/schema";
import { AppError } from "../errors";
import type { AppDeps, SessionUser } from "../kernel/deps";

/**
 * SPEC §2 My Profile, Change Password (new password and confirm). The session that made the
 * change stays; every other session of the user ends.
 */
export async function changePassword(deps: AppDeps, user: SessionUser, input: ChangePasswordRequest) {
  const problem = checkNewPassword(input.newPassword, input.confirmPassword, "New passwords do not match");
  if (problem) throw new AppError("VALIDATION", problem);
  const ctx = await deps.auth.$context;
  const hash = await ctx.password.hash(input.newPassword);
  await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(accounts)
      .set({ password: hash, updatedAt: deps.now() })
      .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, "credential")))
      .returning({ id: accounts.id });
    if (updated.length === 0) throw new AppError("NOT_FOUND", "Failed to update password");
    await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.token, user.sessionToken)));
  });
}
