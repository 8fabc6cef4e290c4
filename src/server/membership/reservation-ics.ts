import type { MyEventRegistration, MyReservation } from "../../contracts/membership";
import { venueInstant } from "../../domain/venue-time";
import { buildIcs } from "../email/ics";
import type { VenueIdentity } from "../settings/venue-settings";

/** One reservation as an iCalendar file ("Add to calendar"; the free-booking email's attachment). */
export function reservationIcs(venue: VenueIdentity, r: MyReservation, now: Date): string {
  const what = r.isFreeMemberBooking
    ? `${r.facilityName} (free ${venue.clubName} reservation)`
    : r.facilityName;
  return buildIcs({
    productName: venue.venueName,
    now,
    events: [
      {
        uid: `${r.id}@booking`,
        start: venueInstant(r.date, r.startTime),
        end: venueInstant(r.date, r.endTime),
        summary: `${what} at ${venue.venueName}`,
        location: venue.address,
        description: `${r.displayTime} (${r.duration} min). To cancel or reschedule, call ${venue.phone}.`,
      },
    ],
  });
}

/** One event registration as an iCalendar file. */
export function registrationIcs(
  venue: VenueIdentity,
  r: MyEventRegistration,
  now: Date,
  eventUrl: string,
): string {
  return buildIcs({
    productName: venue.venueName,
    now,
    events: [
      {
        uid: `${r.id}@registration`,
        start: venueInstant(r.date, r.startTime),
        end: venueInstant(r.date, r.endTime),
        summary: `${r.eventName} at ${venue.venueName}`,
        location: venue.address,
        description: `${r.displayTime}. ${eventUrl}. To cancel, call ${venue.phone}.`,
      },
    ],
  });
}
