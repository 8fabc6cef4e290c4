import type { SessionUser } from "../auth/session-user";

/** What the browser learns about the signed-in user (the session contract), never the row itself. */
export const toCurrentUser = (u: Omit<SessionUser, "sessionToken" | "isFrozen">) => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  phone: u.phone,
  isMember: u.isMember,
  isAdmin: u.isAdmin,
  staffRole: u.staffRole,
});
