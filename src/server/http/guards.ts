import { createMiddleware } from "hono/factory";
import { hasStaffRole, roleRequirement, type StaffRole } from "../../domain/staff-roles";
import type { SessionUser } from "../auth/session-user";
import type { AppEnv } from "../deps";
import { AppError } from "../lib/errors";

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

/**
 * Issue 33: staff with at least `role` (front desk < manager < owner). Anyone who is not staff gets
 * the spec's "Access denied"; staff of a lower role are told who may do it.
 */
export function requireStaff(role: StaffRole) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get("user");
    if (!user) throw new AppError("UNAUTHENTICATED", "User is not authenticated");
    if (!user.staffRole) throw new AppError("FORBIDDEN", "Access denied");
    if (!hasStaffRole(user.staffRole, role)) throw new AppError("FORBIDDEN", roleRequirement(role));
    await next();
  });
}

/** For handlers behind a guard: the signed-in user, never null. */
export function currentUser(c: { get(key: "user"): SessionUser | null }): SessionUser {
  const user = c.get("user");
  if (!user) throw new AppError("UNAUTHENTICATED", "User is not authenticated");
  return user;
}
