import { formatVenueDateShort } from "../../../domain/booking-form";
import { formatTimeRange } from "../../../domain/venue-time";
import { type EmailParts, emailLayout } from "../../email/layout";
import { escapeHtml } from "../../lib/escape-html";

export type ReminderVenue = { venueName: string; address: string; phone: string };

export type ReminderInput = {
  venue: ReminderVenue;
  customerName: string;
  /** "Court 3", "Dart Bay 1", or the event's name. */
  what: string;
  date: string;
  startTime: string;
  endTime: string;
  /** Where a signed-up player turns reminders off (My Profile). */
  profileUrl: string;
};

const when = (i: ReminderInput) =>
  `${formatVenueDateShort(i.date)}, ${formatTimeRange(i.startTime.slice(0, 5), i.endTime.slice(0, 5))}`;

/** The reminder email before a reservation or an event registration (docs/decisions/023). */
export function reminderEmail(input: ReminderInput): EmailParts {
  const { venue } = input;
  const greeting = input.customerName ? `Hi ${input.customerName},` : "Hi,";
  const optOut = `Don't want reminders? Turn them off in My Profile (${input.profileUrl}) or call us at ${venue.phone}.`;
  const text = `${greeting}

This is a reminder of your booking at ${venue.venueName}:

${input.what} · ${when(input)}

${venue.address}
Questions or changes: ${venue.phone}

${optOut}`;
  const html = emailLayout(
    venue.venueName,
    `<p>${escapeHtml(greeting)}</p>
<p>This is a reminder of your booking at ${escapeHtml(venue.venueName)}:</p>
<p><strong>${escapeHtml(input.what)}</strong><br>${escapeHtml(when(input))}</p>
<p>${escapeHtml(venue.address)}<br>Questions or changes: ${escapeHtml(venue.phone)}</p>
<p style="color:#52606d;font-size:13px">Don't want reminders? Turn them off in
<a href="${escapeHtml(input.profileUrl)}">My Profile</a> or call us at ${escapeHtml(venue.phone)}.</p>`,
  );
  return { subject: `Reminder: ${input.what}, ${when(input)}`, text, html };
}

/** The reminder text: short, and it says how to stop them (ISSUE 15: each SMS says how to opt out). */
export function reminderSms(input: ReminderInput): string {
  return `${input.venue.venueName} reminder: ${input.what}, ${when(input)}. To stop reminders, turn them off in My Profile or call ${input.venue.phone}.`;
}
