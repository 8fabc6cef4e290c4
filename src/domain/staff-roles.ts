// Issue 33: the three kinds of staff. Each is an "admin" in the spec's sense (admin screens, the
// admin link, /admin after sign-in); what each may do grows with the role: the front desk runs the
// day, a manager also changes what the venue sells and its settings, the owner also manages staff.

export const STAFF_ROLES = ["owner", "manager", "front_desk"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: "Owner",
  manager: "Manager",
  front_desk: "Front desk",
};

const RANK: Record<StaffRole, number> = { front_desk: 1, manager: 2, owner: 3 };

/** Whether a person with `role` (null: not staff) may do what needs at least `needed`. */
export function hasStaffRole(role: StaffRole | null | undefined, needed: StaffRole): boolean {
  return role != null && RANK[role] >= RANK[needed];
}

/** The roles a person may give others when inviting or changing a role: only the owner grants. */
export function grantableRoles(role: StaffRole | null | undefined): StaffRole[] {
  return role === "owner" ? [...STAFF_ROLES] : [];
}

/** Who may do it, in words, for the refusal a lower role gets. */
export function roleRequirement(needed: StaffRole): string {
  switch (needed) {
    case "owner":
      return "Only the owner can do this";
    case "manager":
      return "Only a manager or the owner can do this";
    case "front_desk":
      return "Only staff can do this";
  }
}

export const isStaffRole = (value: unknown): value is StaffRole =>
  typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);

/** How long an emailed staff invitation's set-password link works. */
export const STAFF_INVITATION_HOURS = 72;
