import { tz } from "@date-fns/tz";
import { format } from "date-fns";
import {
  MEMBERSHIP_BENEFITS,
  MEMBERSHIP_PLANS,
  type MembershipPlan,
  planPriceLabel,
} from "../../domain/membership";
import { VENUE_TIME_ZONE } from "../../domain/venue-time";
import { type EmailParts, emailLayout, escapeHtml } from "../email/layout";
import type { VenueIdentity } from "../settings/venue-settings";

export type WelcomeEmailInput = {
  venue: VenueIdentity;
  firstName: string;
  email: string;
  plan: MembershipPlan;
  nextBillingDate: Date | null;
  loginUrl: string;
  freeReservationsUrl: string;
};

/** SPEC §2 /membership-success: "Check your email for your welcome package." */
export function membershipWelcomeEmail(input: WelcomeEmailInput): EmailParts {
  const { venue } = input;
  const greeting = input.firstName ? `Hi ${input.firstName},` : "Hi,";
  const billing = input.nextBillingDate
    ? `Your next billing date is ${format(input.nextBillingDate, "MMMM d, yyyy", { in: tz(VENUE_TIME_ZONE) })}.`
    : null;
  const planLine = `Plan: ${MEMBERSHIP_PLANS[input.plan].label} (${planPriceLabel(input.plan)})`;
  const text = `${greeting}

Welcome to ${venue.clubName}! Your membership is confirmed.

${planLine}${billing ? `\n${billing}` : ""}

Your benefits:
${MEMBERSHIP_BENEFITS.map((b) => `- ${b}`).join("\n")}

Sign in with ${input.email} and the password you chose: ${input.loginUrl}
Book your free court time: ${input.freeReservationsUrl}

Questions? Call us at ${venue.phone} or write to ${venue.email}.

See you on the court!
${venue.venueName}`;

  const html = emailLayout(
    venue.venueName,
    `<p>${escapeHtml(greeting)}</p>
<p>Welcome to <strong>${escapeHtml(venue.clubName)}</strong>! Your membership is confirmed.</p>
<p>${escapeHtml(planLine)}${billing ? `<br>${escapeHtml(billing)}` : ""}</p>
<p><strong>Your benefits</strong></p>
<ul>${MEMBERSHIP_BENEFITS.map((b) => `<li>${escapeHtml(b)}</li>`).join("")}</ul>
<p>Sign in with ${escapeHtml(input.email)} and the password you chose:<br>
<a href="${escapeHtml(input.loginUrl)}">${escapeHtml(input.loginUrl)}</a></p>
<p>Book your free court time: <a href="${escapeHtml(input.freeReservationsUrl)}">${escapeHtml(input.freeReservationsUrl)}</a></p>
<p>Questions? Call us at ${escapeHtml(venue.phone)} or write to ${escapeHtml(venue.email)}.</p>`,
  );
  return { subject: `Welcome to ${venue.clubName}!`, text, html };
}
