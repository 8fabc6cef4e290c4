import { REGISTRATION_TOKEN_HEADER } from "../../../../contracts/headers";
import { downloadFile } from "../../../lib/download-file";

/** GET /api/events/registrations/{id}/calendar: "Add to calendar" on the receipt (token or registrant). */
export const downloadRegistrationCalendar = (
  registrationId: string,
  token: string | null,
  reference: string,
) =>
  downloadFile(
    `/api/events/registrations/${encodeURIComponent(registrationId)}/calendar`,
    token ? { [REGISTRATION_TOKEN_HEADER]: token } : {},
    `event-${reference}.ics`,
  );
