import { FACILITY_LABELS, formatVenueDateShort } from "../../../domain/booking-form";
import type { FacilityType } from "../../../domain/durations";
import { formatTime12 } from "../../../domain/venue-time";
import { type EmailParts, emailLayout } from "../../email/layout";
import { escapeHtml } from "../../lib/escape-html";

export type CourtAlertInput = {
  venue: { venueName: string; phone: string };
  facilityType: FacilityType;
  date: string;
  startTime: string;
  duration: number;
  bookUrl: string;
};

const slot = (i: CourtAlertInput) =>
  `${formatVenueDateShort(i.date)} at ${formatTime12(i.startTime.slice(0, 5))} (${i.duration} min)`;

/** "A court freed up": everyone waiting hears at once, and the first to book gets it. */
export function courtAlertEmail(input: CourtAlertInput): EmailParts {
  const label = FACILITY_LABELS[input.facilityType];
  const text = `Good news: a ${label.toLowerCase()} is free for ${slot(input)} at ${input.venue.venueName}.

Book it here: ${input.bookUrl}

Others may be waiting for the same time, so the first to book gets it. This alert has now ended; set a new one if you miss it.`;
  const html = emailLayout(
    input.venue.venueName,
    `<p>Good news: a ${escapeHtml(label.toLowerCase())} is free for <strong>${escapeHtml(slot(input))}</strong>.</p>
<p><a href="${escapeHtml(input.bookUrl)}">Book it now</a></p>
<p style="color:#52606d;font-size:13px">Others may be waiting for the same time, so the first to book gets it.
This alert has now ended; set a new one if you miss it.</p>`,
  );
  return { subject: `${label} free: ${slot(input)}`, text, html };
}

export function courtAlertSms(input: CourtAlertInput): string {
  const label = FACILITY_LABELS[input.facilityType];
  return `${input.venue.venueName}: a ${label.toLowerCase()} is free ${slot(input)}. First to book gets it: ${input.bookUrl} To stop texts, call ${input.venue.phone}.`;
}
