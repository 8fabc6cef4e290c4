import { tz } from "@date-fns/tz";
import { format } from "date-fns";
import { type PlanInterval, planPriceLabel } from "../../domain/membership";
import { VENUE_TIME_ZONE } from "../../domain/venue-time";
import { type EmailParts, emailLayout } from "../email/layout";
import { escapeHtml } from "../lib/escape-html";
import type { VenueIdentity } from "../settings/venue-settings";

export type WelcomeEmailInput = {
  venue: VenueIdentity;
  firstName: string;
  email: string;
  /** The plan as it was sold: its name, and the price and interval of this subscription's checkout. */
  plan: { name: string; priceCents: number; interval: PlanInterval };
  nextBillingDate: Date | null;
  loginUrl: string;
  freeReservationsUrl: string;
  /** SPEC §9 Membership's listed benefits, from the venue's rules (domain/booking-rules.ts). */
  benefits: string[];
};

/** SPEC §2 /membership-success: "Check your email for your welcome package." */
export function membershipWelcomeEmail(input: WelcomeEmailInput): EmailParts {
  const { venue } = input;
  const greeting = input.firstName ? `Hi ${input.firstName},` : "Hi,";
  const billing = input.nextBillingDate
    ? `Your next billing date is ${format(input.nextBillingDate, "MMMM d, yyyy", { in: tz(VENUE_TIME_ZONE) })}.`
    : null;
  const planLine = `Plan: ${input.plan.name} (${planPriceLabel(input.plan)})`;
  const text = `${greeting}

Welcome to ${venue.clubName}! Your membership is confirmed.

${planLine}${billing ? `\n${billing}` : ""}

Your benefits:
${input.benefits.map((b) => `- ${b}`).join("\n")}

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
<ul>${input.benefits.map((b) => `<li>${escapeHtml(b)}</li>`).join("")}</ul>
<p>Sign in with ${escapeHtml(input.email)} and the password you chose:<br>
<a href="${escapeHtml(input.loginUrl)}">${escapeHtml(input.loginUrl)}</a></p>
<p>Book your free court time: <a href="${escapeHtml(input.freeReservationsUrl)}">${escapeHtml(input.freeReservationsUrl)}</a></p>
<p>Questions? Call us at ${escapeHtml(venue.phone)} or write to ${escapeHtml(venue.email)}.</p>`,
  );
  return { subject: `Welcome to ${venue.clubName}!`, text, html };
}
