import { createMiddleware } from "hono/factory";
import { AppError } from "../errors";
import type { AppEnv, SessionUser } from "../kernel/deps";

// The one shared guard every route uses (issue 2): a guest gets 401, a signed-in user without the role 403.

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get("user")) throw new AppError("UNAUTHENTICATED", "User is not authenticated");
  await next();
});

export const requireMember = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.get("user");
  if (!user) throw new AppError("UNAUTHENTICATED", "User is not authenticated");
  if (!user.isMember) throw new AppError("FORBIDDEN", "This page is for members only");
  await next();
});

export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.get("user");
  if (!user) throw new AppError("UNAUTHENTICATED", "User is not authenticated");
  if (!user.isAdmin) throw new AppError("FORBIDDEN", "Access denied");
  await next();
});

/** For handlers behind a guard: the signed-in user, never null. */
export function currentUser(c: { get(key: "user"): SessionUser | null }): SessionUser {
  const user = c.get("user");
  if (!user) throw new AppError("UNAUTHENTICATED", "User is not authenticated");
  return user;
}
