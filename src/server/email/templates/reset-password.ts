import { escapeHtml } from "../../lib/escape-html";
import { type EmailParts, emailLayout } from "../layout";

export function resetPasswordEmail(input: {
  venueName: string;
  firstName: string;
  link: string;
}): EmailParts {
  const greeting = input.firstName ? `Hi ${input.firstName},` : "Hi,";
  const text = `${greeting}

We received a request to reset the password of your ${input.venueName} account.
Open this link to choose a new password (it works once, for one hour):

${input.link}

If you did not ask for this, you can ignore this email; your password stays as it is.`;
  const html = emailLayout(
    input.venueName,
    `<p>${escapeHtml(greeting)}</p>
<p>We received a request to reset the password of your ${escapeHtml(input.venueName)} account.
The link below works once, for one hour.</p>
<p><a href="${escapeHtml(input.link)}">Set a new password</a></p>
<p style="color:#52606d;font-size:13px">If you did not ask for this, you can ignore this email; your password stays as it is.</p>`,
  );
  return { subject: `Reset your ${input.venueName} password`, text, html };
}
