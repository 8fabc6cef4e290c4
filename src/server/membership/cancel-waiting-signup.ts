import { timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { RestartSignupResponse } from "../../contracts/membership";
import { payments, pendingMembershipSignups, verifications } from "../db/schema";
import type { AppDeps } from "../deps";
import { expireCheckoutSessions } from "../kernel/schedule/expire-holds";
import { AppError } from "../lib/errors";
import { isUuid } from "../lib/ids";
import { paymentsOf } from "../payments/payment-rows";
import { MEMBERSHIP } from "./checkout-purpose";
import { hashRestartSecret, restartIdentifier } from "./send-signup-restart-link";

export const RESTART_LINK_INVALID_MESSAGE =
  "This link is no longer valid: the signup it was for has ended. You can sign up now.";

/**
 * The link of send-signup-restart-link.ts, opened by whoever reads the email's mailbox: the waiting
 * signup ends at once (its password hash wiped), its checkout stops taking payment, and the link is
 * spent. The email is then free for a new signup. A link that is wrong, spent or for a signup that
 * has ended (paid, expired) changes nothing.
 */
export async function cancelWaitingSignup(deps: AppDeps, token: string): Promise<RestartSignupResponse> {
  const now = deps.now();
  const [signupId = "", secret = ""] = token.split(".");
  if (!isUuid(signupId) || secret === "") throw invalid();
  const ended = await deps.db.transaction(async (tx) => {
    const [signup] = await tx
      .select({ id: pendingMembershipSignups.id, email: pendingMembershipSignups.email })
      .from(pendingMembershipSignups)
      .where(eq(pendingMembershipSignups.id, signupId));
    if (!signup) throw invalid();
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`membership-email:${signup.email}`}))`);
    const [link] = await tx
      .select({ value: verifications.value, expiresAt: verifications.expiresAt })
      .from(verifications)
      .where(eq(verifications.identifier, restartIdentifier(signupId)));
    if (!link || link.expiresAt <= now || !sameHash(link.value, hashRestartSecret(secret))) throw invalid();
    await tx.delete(verifications).where(eq(verifications.identifier, restartIdentifier(signupId)));
    const cancelled = await tx
      .update(pendingMembershipSignups)
      .set({ status: "expired", passwordHash: "", updatedAt: now })
      .where(and(eq(pendingMembershipSignups.id, signupId), eq(pendingMembershipSignups.status, "pending")))
      .returning({ id: pendingMembershipSignups.id });
    if (cancelled.length === 0) throw invalid();
    const open = await tx
      .select({ id: payments.id, providerSessionId: payments.providerSessionId })
      .from(payments)
      .where(and(paymentsOf(MEMBERSHIP, signupId), eq(payments.state, "created")));
    return { email: signup.email, open };
  });
  await expireCheckoutSessions(deps, ended.open);
  deps.logger.info({ event: "membership.signup_cancelled_by_link", signupId }, "waiting signup cancelled");
  return { email: ended.email };
}

const invalid = () => new AppError("VALIDATION", RESTART_LINK_INVALID_MESSAGE, undefined, { field: "token" });

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
