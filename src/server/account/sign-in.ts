import { APIError } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import type { SignInRequest } from "../../contracts/auth";
import { FROZEN_MESSAGE } from "../auth/auth";
import { finishLoginAttempt, THROTTLED_MESSAGE, takeLoginAttempt } from "../auth/login-throttle";
import { hashPassword, needsRehash } from "../auth/password-hashing";
import { withSignInPlace } from "../auth/sign-in-gate";
import { accounts } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";

export const INVALID_CREDENTIALS_MESSAGE = "Invalid email or password";

/** Signs in with email and password; returns the Set-Cookie headers of the new session. */
export async function signIn(deps: AppDeps, input: SignInRequest, ip: string, requestHeaders: Headers) {
  const email = input.email.trim();
  if (!email || !input.password) throw new AppError("VALIDATION", "Please enter both email and password");
  // The place is taken before the password is hashed, so a parallel burst costs at most the limit.
  const attempt = await takeLoginAttempt(deps.database, email, ip, deps.now());
  if (attempt === null) throw new AppError("TOO_MANY_ATTEMPTS", THROTTLED_MESSAGE);
  // The check and the new session hold one of sign-in's share of the pool (auth/sign-in-gate.ts).
  return withSignInPlace(deps.database, () =>
    checkPassword(deps, email, input.password, attempt, requestHeaders),
  );
}

async function checkPassword(
  deps: AppDeps,
  email: string,
  password: string,
  attempt: number,
  requestHeaders: Headers,
) {
  try {
    const result = await deps.auth.api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: requestHeaders,
      returnHeaders: true,
    });
    await finishLoginAttempt(deps.db, attempt, "success");
    await upgradePasswordHash(deps, result.response.user.id, password);
    return { headers: result.headers, userId: result.response.user.id };
  } catch (err) {
    if (err instanceof APIError) {
      if (err.body?.code === "ACCOUNT_FROZEN") {
        // The password was right; the account is frozen. Not a guess, so not counted.
        await finishLoginAttempt(deps.db, attempt, "not-a-guess");
        throw new AppError("ACCOUNT_FROZEN", FROZEN_MESSAGE);
      }
      if (err.status === "UNAUTHORIZED" || err.status === "BAD_REQUEST") {
        await finishLoginAttempt(deps.db, attempt, "failure");
        throw new AppError("INVALID_CREDENTIALS", INVALID_CREDENTIALS_MESSAGE);
      }
    }
    throw err;
  }
}

/**
 * DECISIONS.md Passwords: a hash made before argon2id (or with weaker settings) is replaced at the
 * first sign-in that proves the password, the only moment the server holds it. Only the hash that
 * was read is replaced, so a password changed meanwhile is never overwritten.
 */
async function upgradePasswordHash(deps: AppDeps, userId: string, password: string) {
  const credential = and(eq(accounts.userId, userId), eq(accounts.providerId, "credential"));
  const [account] = await deps.db.select({ password: accounts.password }).from(accounts).where(credential);
  if (!account?.password || !needsRehash(account.password)) return;
  const upgraded = await hashPassword(password);
  await deps.db
    .update(accounts)
    .set({ password: upgraded, updatedAt: deps.now() })
    .where(and(credential, eq(accounts.password, account.password)));
}
