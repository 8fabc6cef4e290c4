import type { HoldItem } from "../../../contracts/booking-holds";
import { formatVenueDateShort } from "../../../domain/booking-form";
import { formatCents } from "../../../domain/money";
import { telHref } from "../../../domain/tel-link";
import { venueInstant } from "../../../domain/venue-time";
import { escapeHtml } from "../../lib/escape-html";
import { buildIcs } from "../ics";
import { brandButton, type EmailParts, emailLayout } from "../layout";
import type { InlineAttachment } from "../reference-qr";

export type BookingEmailVenue = { venueName: string; address: string; phone: string; email: string };

/** Issue 14 item 2: what makes the confirmation findable again and actionable from a phone. */
export type BookingEmailExtras = {
  /** "BK-3F2A9C1D" */
  reference: string;
  /** The booking's manage link (absolute). */
  manageUrl: string;
  /** The venue's logo (absolute URL). */
  logoUrl: string;
  /** The venue policy's sentence about cancelling (the spec's "call us" when self-service is off). */
  changeText: string;
  /** Issue 33 item 2: the reference's check-in QR code (reference-qr.ts), shown inline. */
  qr?: { html: string; attachment: InlineAttachment };
};

export type BookingEmailInput = {
  venue: BookingEmailVenue;
  customerName: string;
  items: HoldItem[];
  subtotalCents: number;
  discountCents: number;
  couponCode: string | null;
  totalCents: number;
  now: Date;
  extras?: BookingEmailExtras;
};

export const itemLine = (i: HoldItem) =>
  `${i.facilityName} · ${formatVenueDateShort(i.date)} · ${i.displayTime} (${i.duration} min) · ${formatCents(i.priceCents)}`;

/** The confirmation a player gets once the payment is confirmed, with a calendar file. */
export function bookingConfirmationEmail(input: BookingEmailInput): EmailParts & {
  attachments: Array<{ filename: string; contentType: string; content: string; cid?: string }>;
} {
  const { venue } = input;
  const greeting = input.customerName ? `Hi ${input.customerName},` : "Hi,";
  const discountLine =
    input.discountCents > 0
      ? `Discount${input.couponCode ? ` (${input.couponCode})` : ""}: -${formatCents(input.discountCents)}`
      : null;
  const totals = [
    `Subtotal: ${formatCents(input.subtotalCents)}`,
    ...(discountLine ? [discountLine] : []),
    `Total paid: ${formatCents(input.totalCents)}`,
  ];
  const extras = input.extras;
  const changeText = extras?.changeText ?? `To change or cancel, call us at ${venue.phone}.`;
  const text = `${greeting}

Your booking at ${venue.venueName} is confirmed.${extras ? `\nBooking reference: ${extras.reference}` : ""}${
    extras?.qr ? "\nShow the reference, or the QR code in this email, at the front desk to check in." : ""
  }

${input.items.map((i) => `- ${itemLine(i)}`).join("\n")}

${totals.join("\n")}

Where: ${venue.address}
Call us: ${venue.phone}
${changeText}${extras ? `\n\nManage your booking: ${extras.manageUrl}` : ""}

The attached calendar file adds your booking to your calendar.

See you soon!
${venue.venueName}`;

  const phoneLink = `<a href="${escapeHtml(telHref(venue.phone))}">${escapeHtml(venue.phone)}</a>`;
  const html = emailLayout(
    venue.venueName,
    `<p>${escapeHtml(greeting)}</p>
<p>Your booking at ${escapeHtml(venue.venueName)} is <strong>confirmed</strong>.${
      extras ? `<br>Booking reference: <strong>${escapeHtml(extras.reference)}</strong>` : ""
    }</p>${
      extras?.qr
        ? `\n<p style="margin:0">${extras.qr.html}</p>\n<p style="color:#52606d;font-size:13px;margin-top:4px">Show this code or the reference at the front desk to check in.</p>`
        : ""
    }
<ul>${input.items.map((i) => `<li>${escapeHtml(itemLine(i))}</li>`).join("")}</ul>
<p>${totals.map(escapeHtml).join("<br>")}</p>
<p>Where: ${escapeHtml(venue.address)}<br>Call us: ${phoneLink}<br>${escapeHtml(changeText)}</p>${
      extras ? `\n<p>${brandButton(escapeHtml(extras.manageUrl), "Manage booking")}</p>` : ""
    }
<p style="color:#52606d;font-size:13px">The attached calendar file adds your booking to your calendar.</p>`,
    extras?.logoUrl,
  );

  const ics = buildIcs({
    productName: venue.venueName,
    now: input.now,
    events: input.items.map((i) => ({
      uid: `${i.reservationId}@booking`,
      start: venueInstant(i.date, i.startTime),
      end: venueInstant(i.date, i.endTime),
      summary: `${i.facilityName} at ${venue.venueName}`,
      location: venue.address,
      description: `${i.displayTime} (${i.duration} min). ${extras ? `Booking ${extras.reference}. Manage: ${extras.manageUrl}` : `To change or cancel, call ${venue.phone}.`}`,
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
      ...(extras?.qr ? [extras.qr.attachment] : []),
    ],
  };
}
