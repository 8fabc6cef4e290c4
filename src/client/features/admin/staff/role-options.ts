import { STAFF_ROLE_LABELS, STAFF_ROLES } from "../../../../domain/staff-roles";

/** The staff roles as a select's choices, in the domain's order. */
export const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));
