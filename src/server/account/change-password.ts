import { and, eq, ne } from "drizzle-orm";
import type { ChangePasswordRequest } from "../../contracts/auth";
import { finishLoginAttempt, THROTTLED_MESSAGE, takeLoginAttempt } from "../auth/login-throttle";
import { hashPassword, verifyPassword } from "../auth/password-hashing";
import { checkPasswordPolicy } from "../auth/password-policy";
import type { SessionUser } from "../auth/session-user";
import { accounts, sessions } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";

export const WRONG_CURRENT_PASSWORD_MESSAGE = "Current password is incorrect";

/**
 * SPEC §2 My Profile, Change Password (new password and confirm), plus the current password
 * (ASVS 6.2.3, docs/decisions/015): a session alone must not be enough to take the account over.
 * The session that made the change stays; every other session of the user ends.
 */
export async function changePassword(
  deps: AppDeps,
  user: SessionUser,
  input: ChangePasswordRequest,
  ip: string,
) {
  const problem = checkPasswordPolicy(input.newPassword, input.confirmPassword, "New passwords do not match");
  if (problem) throw new AppError("VALIDATION", problem);
  const credentialOf = and(eq(accounts.userId, user.id), eq(accounts.providerId, "credential"));
  const [account] = await deps.db.select({ password: accounts.password }).from(accounts).where(credentialOf);
  if (!account?.password) throw new AppError("NOT_FOUND", "Failed to update password");
  // Guessing the current password from a stolen session is throttled like sign-in.
  const attempt = await takeLoginAttempt(deps.database, user.email, ip, deps.now());
  if (attempt === null) throw new AppError("TOO_MANY_ATTEMPTS", THROTTLED_MESSAGE);
  if (!(await verifyPassword({ hash: account.password, password: input.currentPassword }))) {
    throw new AppError("VALIDATION", WRONG_CURRENT_PASSWORD_MESSAGE);
  }
  await finishLoginAttempt(deps.db, attempt, "success");
  const hash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(accounts)
      .set({ password: hash, updatedAt: deps.now() })
      .where(credentialOf)
      .returning({ id: accounts.id });
    if (updated.length === 0) throw new AppError("NOT_FOUND", "Failed to update password");
    await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.token, user.sessionToken)));
  });
}
