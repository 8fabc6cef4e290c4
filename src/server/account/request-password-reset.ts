import { and, count, eq, gt } from "drizzle-orm";
import { emailKey } from "../auth/login-throttle";
import { loginAttempts } from "../db/schema";
import type { AppDeps } from "../deps";

const RESETS_PER_WINDOW = 5;
const WINDOW_MS = 15 * 60_000;

/**
 * SPEC §2 Forgot password. Answers the same whether or not the email has an account, so the
 * screen cannot be used to discover members. At most 5 emails per address per 15 minutes.
 */
export async function requestPasswordReset(deps: AppDeps, email: string) {
  const key = `reset:${emailKey(email)}`;
  const since = new Date(deps.now().getTime() - WINDOW_MS);
  const [recent] = await deps.db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.emailKey, key), gt(loginAttempts.at, since)));
  if ((recent?.n ?? 0) >= RESETS_PER_WINDOW) return;
  await deps.db
    .insert(loginAttempts)
    .values({ emailKey: key, ip: "reset-request", success: false, at: deps.now() });
  await deps.auth.api.requestPasswordReset({ body: { email: email.trim(), redirectTo: "/reset-password" } });
}
