import type { HoldItem } from "../../../contracts/booking-holds";
import { type RescheduleMoney, rescheduleMoneyText } from "../../../domain/reschedule-price";
import { telHref } from "../../../domain/tel-link";
import { escapeHtml } from "../../lib/escape-html";
import { type EmailParts, emailLayout } from "../layout";
import { itemLine } from "./booking-confirmation";

/** Sent when the customer moves an item through their manage link under the venue's policy (decision 019). */
export function bookingRescheduledEmail(input: {
  venue: { venueName: string; phone: string };
  logoUrl: string;
  customerName: string;
  reference: string;
  before: HoldItem;
  after: HoldItem;
  /** What the move cost or gave back (issue 30 item 1). */
  money: RescheduleMoney;
  manageUrl: string;
}): EmailParts {
  const money = rescheduleMoneyText(input.money);
  const { venue } = input;
  const greeting = input.customerName ? `Hi ${input.customerName},` : "Hi,";
  const text = `${greeting}

Your booking ${input.reference} at ${venue.venueName} has moved.

Was: ${itemLine(input.before)}
Now: ${itemLine(input.after)}

${money} Your earlier calendar entry is out of date: add the new time from your booking page.
Manage your booking: ${input.manageUrl}
Questions? Call us at ${venue.phone}.

${venue.venueName}`;
  const html = emailLayout(
    venue.venueName,
    `<p>${escapeHtml(greeting)}</p>
<p>Your booking <strong>${escapeHtml(input.reference)}</strong> at ${escapeHtml(venue.venueName)} has moved.</p>
<p>Was: <s>${escapeHtml(itemLine(input.before))}</s><br>Now: <strong>${escapeHtml(itemLine(input.after))}</strong></p>
<p>${escapeHtml(money)} Your earlier calendar entry is out of date: add the new time from <a href="${escapeHtml(input.manageUrl)}">your booking page</a>.</p>
<p>Questions? Call us at <a href="${escapeHtml(telHref(venue.phone))}">${escapeHtml(venue.phone)}</a>.</p>`,
    input.logoUrl,
  );
  return { subject: `Your booking ${input.reference} at ${venue.venueName} has moved`, text, html };
}
