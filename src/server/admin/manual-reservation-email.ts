import type { AdminReservation } from "../../contracts/admin";
import { formatVenueDateShort } from "../../domain/booking-form";
import { DESK_METHOD_LABELS, type DeskPaymentMethod } from "../../domain/desk-payments";
import { formatCents } from "../../domain/money";
import { venueInstant } from "../../domain/venue-time";
import { buildIcs } from "../email/ics";
import { type EmailParts, emailLayout } from "../email/layout";
import { escapeHtml } from "../lib/escape-html";
import type { VenueIdentity } from "../settings/venue-settings";

// SPEC §7 send-confirmation-email-admin: the customer of a staff booking hears about it when an
// email was given. Issue 32 item 4: with a price it is also the receipt (what was paid and how), or
// says what is to pay at the desk.

const line = (r: AdminReservation) =>
  `${r.facilityName} · ${formatVenueDateShort(r.date)} · ${r.displayTime} (${r.duration} min)`;

/** The receipt's line: what was paid and how, or what is left to pay at the desk; none when free. */
export function deskPaymentLine(payment: { totalCents: number; method: DeskPaymentMethod }): string | null {
  if (payment.totalCents <= 0) return null;
  if (payment.method === "unpaid") return `To pay at the desk: ${formatCents(payment.totalCents)}`;
  return `Paid: ${formatCents(payment.totalCents)} (${DESK_METHOD_LABELS[payment.method].toLowerCase()}). Thank you!`;
}

export function manualReservationEmail(input: {
  venue: VenueIdentity;
  customerName: string;
  reservations: AdminReservation[];
  now: Date;
  payment?: { totalCents: number; method: DeskPaymentMethod };
}): EmailParts & { attachments: Array<{ filename: string; contentType: string; content: string }> } {
  const { venue, reservations } = input;
  const greeting = `Hi ${input.customerName},`;
  const paid = input.payment ? deskPaymentLine(input.payment) : null;
  const text = `${greeting}

Your booking at ${venue.venueName} is confirmed.

${reservations.map((r) => `- ${line(r)}`).join("\n")}
${paid ? `\n${paid}\n` : ""}
Where: ${venue.address}
To change or cancel, call us at ${venue.phone}.

See you soon!
${venue.venueName}`;
  const html = emailLayout(
    venue.venueName,
    `<p>${escapeHtml(greeting)}</p>
<p>Your booking at ${escapeHtml(venue.venueName)} is <strong>confirmed</strong>.</p>
<ul>${reservations.map((r) => `<li>${escapeHtml(line(r))}</li>`).join("")}</ul>
${paid ? `<p><strong>${escapeHtml(paid)}</strong></p>` : ""}
<p>Where: ${escapeHtml(venue.address)}<br>To change or cancel, call us at ${escapeHtml(venue.phone)}.</p>`,
  );
  const ics = buildIcs({
    productName: venue.venueName,
    now: input.now,
    events: reservations.map((r) => ({
      uid: `${r.id}@booking`,
      start: venueInstant(r.date, r.startTime),
      end: venueInstant(r.date, r.endTime),
      summary: `${r.facilityName} at ${venue.venueName}`,
      location: venue.address,
      description: `${r.displayTime} (${r.duration} min). To change or cancel, call ${venue.phone}.`,
    })),
  });
  return {
    subject: `Your booking at ${venue.venueName} is confirmed`,
    text,
    html,
    attachments: [
      {
        filename: "booking.ics",
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
        content: Buffer.from(ics, "utf8").toString("base64"),
      },
    ],
  };
}
