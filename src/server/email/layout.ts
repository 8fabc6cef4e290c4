import { escapeHtml } from "../lib/escape-html";

export type EmailParts = { subject: string; text: string; html: string };

/**
 * Where the venue's brand colour goes (the heading's bar, buttons). The outbox puts the colour of
 * Settings › Venue in its place when the email is queued (outbox.ts), so no template carries it.
 * Escaped text can never contain it (`<` is escaped), so a customer's words are never recoloured.
 */
export const BRAND_COLOR = "<!--venue-brand-color-->";

/** A button-like link in the brand colour; `href` and `label` must already be escaped. */
export const brandButton = (href: string, label: string) =>
  `<a href="${href}" style="display:inline-block;padding:10px 18px;background:${BRAND_COLOR};color:#ffffff;text-decoration:none;border-radius:6px">${label}</a>`;

/**
 * A plain, readable email body shared by every template. `bodyHtml` must already be escaped.
 * `logoUrl`, when given, must be absolute (mail clients have no base address).
 */
export function emailLayout(venueName: string, bodyHtml: string, logoUrl?: string): string {
  const logo = logoUrl
    ? `<img src="${escapeHtml(logoUrl)}" alt="${escapeHtml(venueName)}" height="48" style="display:block;margin-bottom:8px">`
    : "";
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="height:4px;background:${BRAND_COLOR};margin-bottom:16px"></div>
${logo}<h2 style="margin-top:0;color:${BRAND_COLOR}">${escapeHtml(venueName)}</h2>
${bodyHtml}
</div></body></html>`;
}
