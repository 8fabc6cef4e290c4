/** Escapes text for HTML; every value placed in an email's HTML goes through it. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

export type EmailParts = { subject: string; text: string; html: string };

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
${logo}<h2 style="margin-top:0">${escapeHtml(venueName)}</h2>
${bodyHtml}
</div></body></html>`;
}

/** A venue-relative path (the logo's "/files/logo.svg") made absolute with the public URL. */
export const absoluteUrl = (publicUrl: string, path: string) =>
  /^https?:\/\//.test(path) ? path : `${publicUrl}${path.startsWith("/") ? "" : "/"}${path}`;
