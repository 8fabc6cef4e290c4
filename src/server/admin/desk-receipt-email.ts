import type { AdminReservation } from "../../contracts/admin";
import { formatVenueDateShort } from "../../domain/booking-form";
import { DESK_METHOD_LABELS, type DeskPaidMethod } from "../../domain/desk-payments";
import { formatCents } from "../../domain/money";
import { type EmailParts, emailLayout } from "../email/layout";
import { escapeHtml } from "../lib/escape-html";
import type { VenueIdentity } from "../settings/venue-settings";

// Issue 32 item 4: the receipt for a desk booking paid after it was made (the booking's own
// confirmation carries the receipt when it is paid at once).

export function deskReceiptEmail(input: {
  venue: VenueIdentity;
  reservation: AdminReservation;
  amountCents: number;
  method: DeskPaidMethod;
}): EmailParts {
  const { venue, reservation: r } = input;
  const greeting = `Hi ${r.customerName},`;
  const booking = `${r.facilityName} · ${formatVenueDateShort(r.date)} · ${r.displayTime} (${r.duration} min)`;
  const paid = `Paid: ${formatCents(input.amountCents)} (${DESK_METHOD_LABELS[input.method].toLowerCase()}). Thank you!`;
  const text = `${greeting}

Here is your receipt from ${venue.venueName}.

Booking: ${booking}
${paid}

Questions? Call us at ${venue.phone}.

${venue.venueName}`;
  const html = emailLayout(
    venue.venueName,
    `<p>${escapeHtml(greeting)}</p>
<p>Here is your receipt from ${escapeHtml(venue.venueName)}.</p>
<p>Booking: ${escapeHtml(booking)}<br><strong>${escapeHtml(paid)}</strong></p>
<p>Questions? Call us at ${escapeHtml(venue.phone)}.</p>`,
  );
  return { subject: `Your receipt from ${venue.venueName}`, text, html };
}
