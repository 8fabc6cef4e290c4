/**
 * GET /api/me/reservations/{id}/calendar and /api/me/event-registrations/{id}/calendar: "Add to
 * calendar", the .ics the server serves to the owner only (a link, not a fetch).
 */
export const calendarUrl = (kind: "reservation" | "registration", id: string) =>
  kind === "reservation"
    ? `/api/me/reservations/${encodeURIComponent(id)}/calendar`
    : `/api/me/event-registrations/${encodeURIComponent(id)}/calendar`;
