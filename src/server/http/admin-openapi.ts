import { errorResponse } from "../../contracts/common";
import { requireAdmin } from "./guards";
import { errorResponses, jsonResponse } from "./openapi";

// Every staff route: requireAdmin first (a guest 401, anyone else 403), then its contract.
export const adminOnly = { tags: ["Admin"], middleware: requireAdmin };

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
