import { formatEventLongDate } from "../../../domain/events";
import { formatTimeRange } from "../../../domain/venue-time";
import { formatOfferEnd } from "../../../domain/waitlist";
import { escapeHtml } from "../../lib/escape-html";
import { type EmailParts, emailLayout } from "../layout";
import type { BookingEmailVenue } from "./booking-confirmation";
import type { RegistrationEmailEvent } from "./event-registration";

// Event waitlist emails (issue 15 §1, docs/decisions/022). Every value from the event or the form
// is escaped in the HTML part; links carry unguessable tokens and go only to the person's address.

type WaitlistEmailInput = {
  venue: BookingEmailVenue;
  customerName: string;
  event: RegistrationEmailEvent;
  /** The person's waitlist page (with their token): see the offer, accept, decline or leave. */
  link: string;
};

const whenLine = (e: RegistrationEmailEvent) =>
  `${formatEventLongDate(e.date)}, ${formatTimeRange(e.startTime.slice(0, 5), e.endTime.slice(0, 5))}`;

const greetingOf = (name: string) => (name ? `Hi ${name},` : "Hi,");

export function waitlistJoinedEmail(input: WaitlistEmailInput & { position: number }): EmailParts {
  const { venue, event } = input;
  const text = `${greetingOf(input.customerName)}

You're on the waitlist for ${event.name} (${whenLine(event)}) at ${venue.venueName}, number ${input.position} in line.

When a place opens up we'll email you an offer that holds it for you for a limited time.
To leave the waitlist: ${input.link}

${venue.venueName}`;
  const html = emailLayout(
    venue.venueName,
    `<p>${escapeHtml(greetingOf(input.customerName))}</p>
<p>You're on the waitlist for <strong>${escapeHtml(event.name)}</strong> (${escapeHtml(whenLine(event))}), number ${input.position} in line.</p>
<p>When a place opens up we'll email you an offer that holds it for you for a limited time.</p>
<p><a href="${escapeHtml(input.link)}">Leave the waitlist</a></p>`,
  );
  return { subject: `You're on the waitlist: ${event.name}`, text, html };
}

export function waitlistOfferEmail(
  input: WaitlistEmailInput & { expiresAt: Date; priceCents: number },
): EmailParts {
  const { venue, event } = input;
  const until = formatOfferEnd(input.expiresAt);
  const step = input.priceCents > 0 ? "accept and pay" : "accept";
  const text = `${greetingOf(input.customerName)}

A place has opened up in ${event.name} (${whenLine(event)}) at ${venue.venueName}, and it's yours if you want it.

We're holding it for you until ${until}. To ${step}, or to pass it to the next person: ${input.link}

If you don't answer by then, the place goes to the next person on the waitlist.

${venue.venueName}`;
  const html = emailLayout(
    venue.venueName,
    `<p>${escapeHtml(greetingOf(input.customerName))}</p>
<p>A place has opened up in <strong>${escapeHtml(event.name)}</strong> (${escapeHtml(whenLine(event))}), and it's yours if you want it.</p>
<p>We're holding it for you until <strong>${escapeHtml(until)}</strong>.</p>
<p><a href="${escapeHtml(input.link)}">See your offer</a></p>
<p>If you don't answer by then, the place goes to the next person on the waitlist.</p>`,
  );
  return { subject: `A place is yours: ${event.name}`, text, html };
}

export function waitlistOfferLapsedEmail(
  input: Omit<WaitlistEmailInput, "link"> & { eventUrl: string },
): EmailParts {
  const { venue, event } = input;
  const text = `${greetingOf(input.customerName)}

The place we held for you in ${event.name} (${whenLine(event)}) has passed to the next person on the waitlist, since the offer was not taken up in time.

Event details: ${input.eventUrl}

${venue.venueName}`;
  const html = emailLayout(
    venue.venueName,
    `<p>${escapeHtml(greetingOf(input.customerName))}</p>
<p>The place we held for you in <strong>${escapeHtml(event.name)}</strong> (${escapeHtml(whenLine(event))}) has passed to the next person on the waitlist, since the offer was not taken up in time.</p>
<p><a href="${escapeHtml(input.eventUrl)}">Event details</a></p>`,
  );
  return { subject: `Your waitlist offer has lapsed: ${event.name}`, text, html };
}
