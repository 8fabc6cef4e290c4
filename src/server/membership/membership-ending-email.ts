import { formatBillingDate } from "../../domain/membership";
import { type EmailParts, emailLayout } from "../email/layout";
import { escapeHtml } from "../lib/escape-html";
import type { VenueIdentity } from "../settings/venue-settings";

/** Issue 34 item 4: a member cancelled online; the membership runs to the end of the paid period. */
export function membershipEndingEmail(input: {
  venue: VenueIdentity;
  firstName: string;
  /** "monthly" or "annual". */
  plan: string;
  /** The venue date the membership ends, "YYYY-MM-DD". */
  endsOn: string;
  membershipUrl: string;
}): EmailParts {
  const { venue } = input;
  const greeting = input.firstName ? `Hi ${input.firstName},` : "Hi,";
  const ends = formatBillingDate(input.endsOn);
  const lines = [
    `Your ${input.plan} membership of ${venue.clubName} is cancelled as you asked.`,
    `It stays active until ${ends}, with every member benefit until then. It then ends and you are not charged again.`,
    `Changed your mind? Call us at ${venue.phone} before ${ends} to keep it.`,
  ];
  const text = `${greeting}

${lines.join("\n\n")}

Your membership: ${input.membershipUrl}

${venue.venueName}`;
  const html = emailLayout(
    venue.venueName,
    `<p>${escapeHtml(greeting)}</p>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("\n")}
<p><a href="${escapeHtml(input.membershipUrl)}">Your membership</a></p>`,
  );
  return { subject: `Your ${venue.clubName} membership ends on ${ends}`, text, html };
}
