import type { RegistrationStatusResponse } from "../../../../contracts/events";
import { api } from "../../../lib/api";

/**
 * POST /api/events/registrations/{id}/cancel: the unpaid registration given up (leaving the detail
 * view, or back from an abandoned checkout). Called on unmount and from effects, where no hook can
 * run, so it is a plain call.
 */
export const cancelRegistration = (registrationId: string, holdToken: string) =>
  api<RegistrationStatusResponse>(`/events/registrations/${registrationId}/cancel`, { body: { holdToken } });
