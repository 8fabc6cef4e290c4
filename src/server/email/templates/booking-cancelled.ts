import type { HoldItem } from "../../../contracts/booking-holds";
import { formatCents } from "../../../domain/money";
import { telHref } from "../../../domain/tel-link";
import { escapeHtml } from "../../lib/escape-html";
import { type EmailParts, emailLayout } from "../layout";
import { itemLine } from "./booking-confirmation";

/** Sent when the customer cancels through their manage link under the venue's policy (decision 019). */
export function bookingCancelledEmail(input: {
  venue: { venueName: string; phone: string };
  logoUrl: string;
  customerName: string;
  reference: string;
  items: HoldItem[];
  refundCents: number;
  refundPercent: number;
  bookUrl: string;
}): EmailParts {
  const { venue } = input;
  const greeting = input.customerName ? `Hi ${input.customerName},` : "Hi,";
  const refund =
    input.refundCents > 0
      ? `A refund of ${formatCents(input.refundCents)} (${input.refundPercent}% of your payment) is on its way to your card; it usually shows within 5–10 business days.`
      : "No refund is due under the venue's cancellation policy.";
  const text = `${greeting}

Your booking ${input.reference} at ${venue.venueName} is cancelled.

${input.items.map((i) => `- ${itemLine(i)}`).join("\n")}

${refund}

Book again any time: ${input.bookUrl}
Questions? Call us at ${venue.phone}.

${venue.venueName}`;
  const html = emailLayout(
    venue.venueName,
    `<p>${escapeHtml(greeting)}</p>
<p>Your booking <strong>${escapeHtml(input.reference)}</strong> at ${escapeHtml(venue.venueName)} is <strong>cancelled</strong>.</p>
<ul>${input.items.map((i) => `<li>${escapeHtml(itemLine(i))}</li>`).join("")}</ul>
<p>${escapeHtml(refund)}</p>
<p><a href="${escapeHtml(input.bookUrl)}">Book again</a> any time. Questions? Call us at <a href="${escapeHtml(telHref(venue.phone))}">${escapeHtml(venue.phone)}</a>.</p>`,
    input.logoUrl,
  );
  return { subject: `Your booking ${input.reference} at ${venue.venueName} is cancelled`, text, html };
}
