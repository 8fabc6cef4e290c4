import type { StaffRole } from "../../domain/staff-roles";

/** The signed-in user as routes and use cases see it: a fresh row per request (http/load-session.ts). */
export type SessionUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  isMember: boolean;
  /** Any staff role (the spec's "admin"); what each role may do: domain/staff-roles.ts. */
  isAdmin: boolean;
  staffRole: StaffRole | null;
  isFrozen: boolean;
  sessionToken: string;
};
