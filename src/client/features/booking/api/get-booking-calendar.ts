import { HOLD_TOKEN_HEADER } from "../../../../contracts/headers";

/**
 * GET /api/booking/holds/{holdId}/calendar: "Add to calendar" on /success. The hold token travels in
 * a header, which a plain link cannot send, so the file is fetched and handed to the browser.
 */
export async function downloadBookingCalendar(holdId: string, holdToken: string | null, reference: string) {
  const response = await fetch(`/api/booking/holds/${encodeURIComponent(holdId)}/calendar`, {
    headers: holdToken ? { [HOLD_TOKEN_HEADER]: holdToken } : {},
    credentials: "same-origin",
  });
  if (!response.ok) throw new Error("Failed to download the calendar file");
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = `booking-${reference}.ics`;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
