import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { pendingMembershipSignups, verifications } from "../db/schema";
import type { AppDeps } from "../deps";
import { emailLayout } from "../email/layout";
import { escapeHtml } from "../lib/escape-html";
import { loadVenueIdentity } from "../settings/venue-settings";

/** At most one link per waiting signup in this time, however often it is asked for. */
const ONE_LINK_PER_MS = 60 * 60_000;

/** Where a waiting signup's restart link is kept (better-auth's verification table, our own prefix). */
export const restartIdentifier = (signupId: string) => `membership-restart:${signupId}`;

export const RESTART_LINK_SENT_MESSAGE =
  "If a signup for this email is waiting for payment, we've emailed the address a link to cancel it and start again.";

export const hashRestartSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

/**
 * Issue 30 item 10: anyone can start a signup for any email, and while it waits for payment (up to
 * 24 hours) another signup for that email is refused, its owner's too. So the refused visitor can
 * ask for a link, sent to the email, that cancels the waiting signup (cancel-waiting-signup.ts):
 * whoever reads that mailbox is never blocked. Answered alike whether or not a signup waits; one
 * link an hour per waiting signup (nobody can mail a stranger's inbox more often), under the
 * email's signup lock so parallel asks send one.
 */
export async function sendSignupRestartLink(deps: AppDeps, rawEmail: string): Promise<void> {
  const email = rawEmail.trim().toLowerCase();
  const now = deps.now();
  const venue = await loadVenueIdentity(deps.db, deps.config);
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`membership-email:${email}`}))`);
    const [signup] = await tx
      .select({ id: pendingMembershipSignups.id, expiresAt: pendingMembershipSignups.expiresAt })
      .from(pendingMembershipSignups)
      .where(
        and(
          eq(pendingMembershipSignups.email, email),
          eq(pendingMembershipSignups.status, "pending"),
          gt(pendingMembershipSignups.expiresAt, now),
        ),
      )
      .limit(1);
    if (!signup) return;
    const identifier = restartIdentifier(signup.id);
    const [recent] = await tx
      .select({ id: verifications.id })
      .from(verifications)
      .where(
        and(
          eq(verifications.identifier, identifier),
          gt(verifications.createdAt, new Date(now.getTime() - ONE_LINK_PER_MS)),
        ),
      )
      .limit(1);
    if (recent) return;
    const secret = randomBytes(24).toString("base64url");
    await tx.delete(verifications).where(eq(verifications.identifier, identifier));
    await tx.insert(verifications).values({
      id: randomBytes(16).toString("hex"),
      identifier,
      value: hashRestartSecret(secret),
      expiresAt: signup.expiresAt,
      createdAt: now,
      updatedAt: now,
    });
    const link = `${deps.config.publicUrl}/signup?restart=${signup.id}.${secret}`;
    const lines = [
      "Hi,",
      `Someone, perhaps you, started a ${venue.clubName} membership signup with this email address, and it has not been paid. While it waits, no other signup for this address can start.`,
      `If it was not you, or you want to start again, open this link to cancel it, then sign up: ${link}`,
      "If you started it and want to finish, you can ignore this email.",
      `Questions? Call us at ${venue.phone}.`,
    ];
    await deps.outbox.enqueue(tx, {
      to: email,
      subject: `Start again: your ${venue.clubName} membership signup`,
      text: `${lines.join("\n\n")}\n\n${venue.venueName}`,
      html: emailLayout(
        venue.venueName,
        [
          ...lines.slice(0, 2),
          `If it was not you, or you want to start again, <a href="${escapeHtml(link)}">cancel it and start again</a>.`,
          ...lines.slice(3),
        ]
          .map((line, i) => `<p>${i === 2 ? line : escapeHtml(line)}</p>`)
          .join(""),
      ),
    });
  });
}
