import { venueToday } from "../../domain/venue-time";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";
import { loadVenueIdentity } from "../settings/venue-settings";
import { loadRegistrations, loadReservations } from "./list-my-reservations";
import { registrationIcs, reservationIcs } from "./reservation-ics";

const NOT_FOUND = "Reservation not found";

/**
 * "Add to calendar" on My Reservations: the .ics of one of the user's own upcoming items. Someone
 * else's id answers the same 404 as a missing one, so ids cannot be probed.
 */
export async function getCalendarFile(
  deps: AppDeps,
  userId: string,
  item: { kind: "reservation" | "registration"; id: string },
): Promise<{ filename: string; body: string }> {
  const now = deps.now();
  const today = venueToday(now);
  const venue = await loadVenueIdentity(deps.db, deps.config);
  if (item.kind === "reservation") {
    const [reservation] = await loadReservations(deps.db, userId, today, item.id);
    if (!reservation) throw new AppError("NOT_FOUND", NOT_FOUND);
    return { filename: `reservation-${reservation.date}.ics`, body: reservationIcs(venue, reservation, now) };
  }
  const [registration] = await loadRegistrations(deps.db, userId, today, item.id);
  if (!registration) throw new AppError("NOT_FOUND", NOT_FOUND);
  const eventUrl = `${deps.config.publicUrl}/events/${registration.eventId}`;
  return {
    filename: `event-${registration.date}.ics`,
    body: registrationIcs(venue, registration, now, eventUrl),
  };
}
