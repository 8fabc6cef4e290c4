import { escapeHtml } from "../../lib/escape-html";
import { type EmailParts, emailLayout } from "../layout";

// Issue 33: the owner's invitation to join the staff, with the link that sets the password.
export function staffInvitationEmail(input: {
  venueName: string;
  inviterName: string;
  roleLabel: string;
  link: string;
  hours: number;
}): EmailParts {
  const text = `Hi,

${input.inviterName} invited you to join the staff of ${input.venueName} as ${input.roleLabel}.
Open this link to set your password (it works for ${input.hours} hours):

${input.link}

If you did not expect this, you can ignore this email; no account is made without you.`;
  const html = emailLayout(
    input.venueName,
    `<p>Hi,</p>
<p>${escapeHtml(input.inviterName)} invited you to join the staff of ${escapeHtml(input.venueName)} as
${escapeHtml(input.roleLabel)}. The link below works for ${input.hours} hours.</p>
<p><a href="${escapeHtml(input.link)}">Set your password</a></p>
<p style="color:#52606d;font-size:13px">If you did not expect this, you can ignore this email; no account is made without you.</p>`,
  );
  return { subject: `You're invited to the ${input.venueName} staff`, text, html };
}
