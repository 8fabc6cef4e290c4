import { formatCents } from "../../../domain/money";
import { escapeHtml } from "../../lib/escape-html";
import { type EmailParts, emailLayout } from "../layout";

/** Issue 31: a closure moved or cancelled the customer's booking; the email says why. */
export function closureChangeEmail(input: {
  venueName: string;
  phone: string;
  logoUrl: string;
  customerName: string;
  when: string;
  reason: string;
  change:
    | { kind: "moved"; from: string; to: string }
    | { kind: "cancelled"; refundCents: number; paidWhere?: "online" | "desk" | null };
  bookUrl: string;
}): EmailParts {
  const greeting = input.customerName ? `Hi ${input.customerName},` : "Hi,";
  const what =
    input.change.kind === "moved"
      ? `We moved your booking ${input.when} from ${input.change.from} to ${input.change.to}: ${input.reason}. Same time, nothing to pay.`
      : `We had to cancel your booking ${input.when}: ${input.reason}.${moneyNote(input.change, input.phone)}`;
  const subject =
    input.change.kind === "moved"
      ? `Your booking at ${input.venueName} moved to ${input.change.to}`
      : `Your booking at ${input.venueName} is cancelled`;
  const text = `${greeting}

${what}

Book again any time: ${input.bookUrl}
Questions? Call us at ${input.phone}.

${input.venueName}`;
  const html = emailLayout(
    input.venueName,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(what)}</p>
<p><a href="${escapeHtml(input.bookUrl)}">Book again</a> · Questions? Call us at ${escapeHtml(input.phone)}.</p>`,
    input.logoUrl,
  );
  return { subject, text, html };
}

/** What happens to the money of a cancelled booking, as the closure's save did it (decision 035). */
function moneyNote(change: { refundCents: number; paidWhere?: "online" | "desk" | null }, phone: string) {
  const amount = formatCents(change.refundCents);
  if (change.paidWhere === "desk") {
    return change.refundCents > 0
      ? ` You paid at the front desk, so your full refund of ${amount} is waiting for you there: ask at the desk, or call us at ${phone}.`
      : ` You paid at the front desk: ask there for your money back, or call us at ${phone}.`;
  }
  return change.refundCents > 0
    ? ` A full refund of ${amount} is on its way to your card; it usually shows within 5–10 business days.`
    : "";
}
