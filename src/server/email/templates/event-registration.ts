import { registrationReference } from "../../../domain/event-registration";
import { formatEventLongDate, playerNamesOf } from "../../../domain/events";
import { formatCents } from "../../../domain/money";
import { formatTimeRange, venueInstant } from "../../../domain/venue-time";
import { escapeHtml } from "../../lib/escape-html";
import { buildIcs } from "../ics";
import { brandButton, type EmailParts, emailLayout } from "../layout";
import type { InlineAttachment } from "../reference-qr";
import type { BookingEmailVenue } from "./booking-confirmation";

// Event registration emails (SPEC §4 Event registration; DECISIONS.md late-payment refund). Every
// value from the event or the form is escaped in the HTML part.

export type RegistrationEmailEvent = {
  id: string;
  name: string;
  date: string;
  startTime: string;
  endTime: string;
};

export type RegistrationEmailInput = {
  venue: BookingEmailVenue;
  registrationId: string;
  customerName: string;
  playerNames: string | null;
  skillLevel: string | null;
  priceCents: number;
  event: RegistrationEmailEvent;
  eventUrl: string;
  /** The registration's manage link (absolute): its receipt and calendar file (issue 34). */
  manageUrl: string;
  now: Date;
  /** Issue 33 item 2: the EV- reference's check-in QR code (reference-qr.ts), shown inline. */
  qr?: { html: string; attachment: InlineAttachment };
};

const whenLine = (e: RegistrationEmailEvent) =>
  `${formatEventLongDate(e.date)}, ${formatTimeRange(e.startTime.slice(0, 5), e.endTime.slice(0, 5))}`;

/** Sent once the registration is confirmed: at once when free, on the payment webhook otherwise. */
export function eventRegistrationConfirmationEmail(input: RegistrationEmailInput): EmailParts & {
  attachments: Array<{ filename: string; contentType: string; content: string; cid?: string }>;
} {
  const { venue, event } = input;
  const greeting = input.customerName ? `Hi ${input.customerName},` : "Hi,";
  const reference = registrationReference(input.registrationId);
  const details = [
    `Registration reference: ${reference}`,
    `Event: ${event.name}`,
    `When: ${whenLine(event)}`,
    ...(playerNamesOf(input.playerNames).length > 0
      ? [`Players: ${playerNamesOf(input.playerNames).join(", ")}`]
      : []),
    ...(input.skillLevel ? [`Skill level: ${input.skillLevel}`] : []),
    input.priceCents > 0 ? `Paid: ${formatCents(input.priceCents)}` : "Price: Free",
  ];
  const text = `${greeting}

You're registered for ${event.name} at ${venue.venueName}.

${details.join("\n")}

Where: ${venue.address}
Event details: ${input.eventUrl}
Your registration (receipt and calendar file): ${input.manageUrl}
To cancel or change your registration, call us at ${venue.phone}.

See you there!
${venue.venueName}`;
  const html = emailLayout(
    venue.venueName,
    `<p>${escapeHtml(greeting)}</p>
<p>You're registered for <strong>${escapeHtml(event.name)}</strong>.</p>
<p>${details.map(escapeHtml).join("<br>")}</p>${
      input.qr
        ? `\n<p style="margin:0">${input.qr.html}</p>\n<p style="color:#52606d;font-size:13px;margin-top:4px">Show this code or the reference at the front desk to check in.</p>`
        : ""
    }
<p>Where: ${escapeHtml(venue.address)}<br><a href="${escapeHtml(input.eventUrl)}">Event details</a></p>
<p>${brandButton(escapeHtml(input.manageUrl), "Manage registration")}</p>
<p>To cancel or change your registration, call us at ${escapeHtml(venue.phone)}.</p>`,
  );
  const ics = buildIcs({
    productName: venue.venueName,
    now: input.now,
    events: [
      {
        uid: `${input.registrationId}@event-registration`,
        start: venueInstant(event.date, event.startTime.slice(0, 5)),
        end: venueInstant(event.date, event.endTime.slice(0, 5)),
        summary: `${event.name} at ${venue.venueName}`,
        location: venue.address,
        description: `Registration ${reference}. Manage: ${input.manageUrl}. To cancel or change, call ${venue.phone}.`,
      },
    ],
  });
  return {
    subject: `You're registered: ${event.name}`,
    text,
    html,
    attachments: [
      {
        filename: "event.ics",
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
        content: Buffer.from(ics, "utf8").toString("base64"),
      },
      ...(input.qr ? [input.qr.attachment] : []),
    ],
  };
}

/** DECISIONS.md: a payment that completes after the event filled is refunded, and the person told. */
export function eventPaymentRefundEmail(input: {
  venue: BookingEmailVenue;
  customerName: string;
  event: RegistrationEmailEvent | null;
  amountCents: number;
  eventsUrl: string;
}): EmailParts {
  const { venue } = input;
  const greeting = input.customerName ? `Hi ${input.customerName},` : "Hi,";
  const what = input.event
    ? `${input.event.name} (${whenLine(input.event)})`
    : "the event you registered for";
  const intro = `Your payment of ${formatCents(input.amountCents)} for ${what} reached us after the last place had been taken, so we could not confirm your registration.`;
  const refund =
    "We have refunded the full amount to your card, so you are not charged. Depending on your bank, the refund can take 5–10 business days to appear.";
  const text = `${greeting}

${intro}

${refund}

See our other events at ${input.eventsUrl} or call us at ${venue.phone}.

${venue.venueName}`;
  const html = emailLayout(
    venue.venueName,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p><strong>${escapeHtml(refund)}</strong></p>
<p>See <a href="${escapeHtml(input.eventsUrl)}">our other events</a> or call us at ${escapeHtml(venue.phone)}.</p>`,
  );
  return { subject: `Your payment to ${venue.venueName} has been refunded`, text, html };
}
