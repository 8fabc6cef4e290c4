import type { MyReservation } from "../../contracts/membership";
import { formatVenueDateShort } from "../../domain/booking-form";
import { type EmailParts, emailLayout } from "../email/layout";
import { escapeHtml } from "../lib/escape-html";
import type { VenueIdentity } from "../settings/venue-settings";
import { reservationIcs } from "./reservation-ics";

/** SPEC §7 send-confirmation-email-free: the member's free court booking, with a calendar file. */
export function freeBookingConfirmationEmail(input: {
  venue: VenueIdentity;
  customerName: string;
  reservation: MyReservation;
  remaining: number;
  now: Date;
}): EmailParts & { attachments: Array<{ filename: string; contentType: string; content: string }> } {
  const { venue, reservation: r } = input;
  const greeting = input.customerName ? `Hi ${input.customerName},` : "Hi,";
  const line = `${r.facilityName} · ${formatVenueDateShort(r.date)} · ${r.displayTime} (${r.duration} min)`;
  const left = `Free reservations left that week: ${input.remaining}.`;
  const text = `${greeting}

Your free ${venue.clubName} court reservation is confirmed.

- ${line}

${left}

Where: ${venue.address}
To cancel or reschedule, call us at ${venue.phone}.

The attached calendar file adds it to your calendar.

See you on the court!
${venue.venueName}`;
  const html = emailLayout(
    venue.venueName,
    `<p>${escapeHtml(greeting)}</p>
<p>Your free ${escapeHtml(venue.clubName)} court reservation is <strong>confirmed</strong>.</p>
<ul><li>${escapeHtml(line)}</li></ul>
<p>${escapeHtml(left)}</p>
<p>Where: ${escapeHtml(venue.address)}<br>To cancel or reschedule, call us at ${escapeHtml(venue.phone)}.</p>
<p style="color:#52606d;font-size:13px">The attached calendar file adds it to your calendar.</p>`,
  );
  return {
    subject: `Your free court reservation at ${venue.venueName} is confirmed`,
    text,
    html,
    attachments: [
      {
        filename: "reservation.ics",
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
        content: Buffer.from(reservationIcs(venue, r, input.now), "utf8").toString("base64"),
      },
    ],
  };
}
