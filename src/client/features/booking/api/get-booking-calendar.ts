import { HOLD_TOKEN_HEADER } from "../../../../contracts/headers";
import { downloadFile } from "../../../lib/download-file";

/** GET /api/booking/holds/{holdId}/calendar: "Add to calendar" on /success (hold token or owner). */
export const downloadBookingCalendar = (holdId: string, holdToken: string | null, reference: string) =>
  downloadFile(
    `/api/booking/holds/${encodeURIComponent(holdId)}/calendar`,
    holdToken ? { [HOLD_TOKEN_HEADER]: holdToken } : {},
    `booking-${reference}.ics`,
  );
