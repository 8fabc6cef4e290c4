import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { ResetPasswordRequest } from "../../contracts/auth";
import { PASSWORD_RESET_MARK, recordLoginAttempt } from "../auth/login-throttle";
import { checkPasswordPolicy } from "../auth/password-policy";
import { users, verifications } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";

export const INVALID_RESET_LINK = "Invalid or expired reset link. Please request a new one.";

/**
 * SPEC §2 Set New Password. The token is single-use and expires after an hour (better-auth);
 * the email in the link must be the token's account. Every session of the user ends.
 */
export async function resetPassword(deps: AppDeps, input: ResetPasswordRequest) {
  const problem = checkPasswordPolicy(input.password, input.confirmPassword);
  if (problem) throw new AppError("VALIDATION", problem);

  const verification = await deps.db.query.verifications.findFirst({
    where: eq(verifications.identifier, `reset-password:${input.token}`),
  });
  if (!verification || verification.expiresAt <= deps.now())
    throw new AppError("INVALID_RESET_LINK", INVALID_RESET_LINK);
  const user = await deps.db.query.users.findFirst({ where: eq(users.id, verification.value) });
  if (!user || user.email.toLowerCase() !== input.email.trim().toLowerCase()) {
    throw new AppError("INVALID_RESET_LINK", INVALID_RESET_LINK);
  }
  try {
    await deps.auth.api.resetPassword({ body: { newPassword: input.password, token: input.token } });
  } catch (err) {
    if (err instanceof APIError) throw new AppError("INVALID_RESET_LINK", INVALID_RESET_LINK);
    throw err;
  }
  // Whoever holds the mailbox holds the account: a reset clears the failed-login count.
  await recordLoginAttempt(deps.db, user.email, PASSWORD_RESET_MARK, true, deps.now());
}
