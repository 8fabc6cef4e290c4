import type { HoldItem } from "../../../contracts/booking-holds";
import { formatCents } from "../../../domain/money";
import { escapeHtml } from "../../lib/escape-html";
import { type EmailParts, emailLayout } from "../layout";
import { type BookingEmailVenue, itemLine } from "./booking-confirmation";

/**
 * DECISIONS.md: a payment that completes after its hold ended, for a time someone else has booked
 * since, is refunded automatically, and the customer is told.
 */
export function latePaymentRefundEmail(input: {
  venue: BookingEmailVenue;
  customerName: string;
  items: HoldItem[];
  amountCents: number;
  bookUrl: string;
}): EmailParts {
  const { venue } = input;
  const greeting = input.customerName ? `Hi ${input.customerName},` : "Hi,";
  const intro = `Your payment of ${formatCents(input.amountCents)} reached us after your 15-minute reservation hold had ended, and the time you chose is no longer available:`;
  const refund =
    "We have refunded the full amount to your card, so you are not charged. Depending on your bank, the refund can take 5–10 business days to appear.";
  const text = `${greeting}

${intro}

${input.items.map((i) => `- ${itemLine(i)}`).join("\n")}

${refund}

You can pick another time at ${input.bookUrl} or call us at ${venue.phone}.

${venue.venueName}`;
  const html = emailLayout(
    venue.venueName,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<ul>${input.items.map((i) => `<li>${escapeHtml(itemLine(i))}</li>`).join("")}</ul>
<p><strong>${escapeHtml(refund)}</strong></p>
<p>You can <a href="${escapeHtml(input.bookUrl)}">pick another time</a> or call us at ${escapeHtml(venue.phone)}.</p>`,
  );
  return { subject: `Your payment to ${venue.venueName} has been refunded`, text, html };
}
