import { errorResponse } from "../../contracts/common";
import type { StaffRole } from "../../domain/staff-roles";
import { requireStaff } from "./guards";
import { errorResponses, jsonResponse } from "./openapi";

// Every staff route names the least role that may call it (issue 33; who may do what:
// docs/decisions/027-staff-roles.md). The guard runs first (a guest 401, anyone else 403), then the
// contract. The authorization matrix (tests/integration/hardening/) holds its own table of the
// expected role of every route, so a route guarded with the wrong role fails it.
const guards: Record<StaffRole, ReturnType<typeof requireStaff>> = {
  front_desk: requireStaff("front_desk"),
  manager: requireStaff("manager"),
  owner: requireStaff("owner"),
};

export const staffOnly = (role: StaffRole) => ({ tags: ["Admin"], middleware: guards[role] });

const error = (description: string) => jsonResponse(errorResponse, description);

export const adminErrors = {
  ...errorResponses,
  404: error("Not found"),
  409: error("Conflicts with the current state (taken, already done)"),
} as const;

export const managerPasswordErrors = {
  ...adminErrors,
  403: error("Incorrect manager password or unauthorized"),
  429: error("Too many incorrect manager password attempts"),
  502: error("The payment provider refused or failed"),
} as const;
