import { eq } from "drizzle-orm";
import type { SessionUser } from "../auth/session-user";
import { sessions } from "../db/schema";
import type { AppDeps } from "../deps";

/** SPEC §2 Sign Out: a global sign-out — every session of the user ends, on every device. */
export async function signOutEverywhere(deps: AppDeps, user: SessionUser | null, requestHeaders: Headers) {
  if (user) await deps.db.delete(sessions).where(eq(sessions.userId, user.id));
  // better-auth answers with the headers that clear the cookie in this browser.
  const result = await deps.auth.api
    .signOut({ headers: requestHeaders, returnHeaders: true })
    .catch(() => null);
  return result?.headers ?? new Headers();
}
