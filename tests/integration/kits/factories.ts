import { randomBytes } from "node:crypto";
import { createUserWithPassword, type NewUser } from "../../../src/server/auth/create-user";
import type { Db } from "../../../src/server/db/client";

// Test data with overrides (CONVENTIONS.md "Tests"): createMember({ isFrozen: true }).
// Every user gets a unique email, so factories can be called any number of times per database.

export const DEFAULT_PASSWORD = "correct-horse-battery";

export type UserOverrides = Partial<Omit<NewUser, "password" | "passwordHash">> & { password?: string };

/** The created row plus the plain password, so a test can sign in as this user. */
export type TestUser = Awaited<ReturnType<typeof createUserWithPassword>> & { password: string };

let counter = 0;
export function uniqueEmail(label = "user"): string {
  counter += 1;
  return `${label}-${counter}-${randomBytes(3).toString("hex")}@example.test`;
}

export async function createTestUser(
  db: Db,
  label: string,
  overrides: UserOverrides = {},
): Promise<TestUser> {
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const user = await createUserWithPassword(db, {
    firstName: "Test",
    lastName: label.charAt(0).toUpperCase() + label.slice(1),
    ...overrides,
    email: overrides.email ?? uniqueEmail(label),
    password,
  });
  return { ...user, password };
}

/** A paying member on the monthly plan. */
export function createMember(db: Db, overrides: UserOverrides = {}) {
  return createTestUser(db, "member", { isMember: true, membershipPlan: "monthly", ...overrides });
}

/** Staff: an admin who is not a member; the owner unless a test asks for another role. */
export function createAdmin(db: Db, overrides: UserOverrides = {}) {
  return createTestUser(db, "admin", { staffRole: "owner", ...overrides });
}

/** An account with no membership and no staff role (e.g. a former member). */
export function createGuestUser(db: Db, overrides: UserOverrides = {}) {
  return createTestUser(db, "guest", overrides);
}
