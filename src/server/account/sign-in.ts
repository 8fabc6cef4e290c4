import { APIError } from "better-auth/api";
import type { SignInRequest } from "../../contracts/auth";
import { FROZEN_MESSAGE } from "../auth/auth";
import { isLoginThrottled, recordLoginAttempt, THROTTLED_MESSAGE } from "../auth/login-throttle";
import { AppError } from "../errors";
import type { AppDeps } from "../kernel/deps";

export const INVALID_CREDENTIALS_MESSAGE = "Invalid email or password";

/** Signs in with email and password; returns the Set-Cookie headers of the new session. */
export async function signIn(deps: AppDeps, input: SignInRequest, ip: string, requestHeaders: Headers) {
  const email = input.email.trim();
  if (!email || !input.password) throw new AppError("VALIDATION", "Please enter both email and password");
  if (await isLoginThrottled(deps.db, email, ip, deps.now())) {
    throw new AppError("TOO_MANY_ATTEMPTS", THROTTLED_MESSAGE);
  }
  try {
    const result = await deps.auth.api.signInEmail({
      body: { email, password: input.password, rememberMe: true },
      headers: requestHeaders,
      returnHeaders: true,
    });
    await recordLoginAttempt(deps.db, email, ip, true, deps.now());
    return { headers: result.headers, userId: result.response.user.id };
  } catch (err) {
    if (err instanceof APIError) {
      if (err.body?.code === "ACCOUNT_FROZEN") {
        // The password was right; the account is frozen. Not a guess, so not counted.
        throw new AppError("ACCOUNT_FROZEN", FROZEN_MESSAGE);
      }
      if (err.status === "UNAUTHORIZED" || err.status === "BAD_REQUEST") {
        await recordLoginAttempt(deps.db, email, ip, false, deps.now());
        throw new AppError("INVALID_CREDENTIALS", INVALID_CREDENTIALS_MESSAGE);
      }
    }
    throw err;
  }
}
