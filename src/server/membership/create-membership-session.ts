import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { CreateMembershipSessionRequest, MembershipSessionResponse } from "../../contracts/membership";
import { EMAIL_TAKEN_MESSAGE, MEMBERSHIP_PLANS, SIGNUP_FAILED_MESSAGE } from "../../domain/membership";
import { INVALID_PHONE_MESSAGE, normalizeUsPhone } from "../../domain/phone";
import { hashPassword } from "../auth/password-hashing";
import { checkPasswordPolicy } from "../auth/password-policy";
import type { Db, Tx } from "../db/client";
import { payments, pendingMembershipSignups, users } from "../db/schema";
import { AppError, fieldError } from "../errors";
import type { AppDeps } from "../kernel/deps";
import { present } from "../kernel/present";
import { loadVenueIdentity } from "../settings/venue-settings";

/** A signup row lives as long as its checkout session could still be paid (Stripe: 24 hours). */
const SIGNUP_LIFETIME_MS = 24 * 3600_000;

/**
 * SPEC §7 create-membership-session; DECISIONS.md Membership signup. The password is hashed here,
 * on arrival, and only the hash is kept (in the pending signup, until the account exists); the
 * provider receives the email, the plan and our ids — never the password, and no log line carries
 * it. The account itself is created only by the signed webhook (fulfil-membership-checkout.ts).
 */
export async function createMembershipSession(
  deps: AppDeps,
  input: CreateMembershipSessionRequest,
): Promise<MembershipSessionResponse> {
  const provider = deps.payments;
  if (!provider) {
    throw new AppError("PAYMENT_PROVIDER", "Online payment is not available. Please call us to join.");
  }
  const now = deps.now();
  const venue = await loadVenueIdentity(deps.db, deps.config);
  const email = input.email.trim().toLowerCase();
  const phone = normalizeUsPhone(input.phone ?? "");
  if (!phone.ok) throw fieldError("phone", INVALID_PHONE_MESSAGE(venue.phone));
  const passwordProblem = checkPasswordPolicy(input.password, input.password);
  if (passwordProblem) throw fieldError("password", passwordProblem);
  if (await emailHasAccount(deps.db, email)) throw fieldError("email", EMAIL_TAKEN_MESSAGE, "CONFLICT");

  const passwordHash = await hashPassword(input.password);
  const plan = MEMBERSHIP_PLANS[input.plan];
  const { signup, payment } = await deps.db.transaction(async (tx) => {
    // DECISIONS.md One email, one live membership subscription: signups of one email are taken one
    // at a time, and a second is refused while the first can still be paid, before any payment.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`membership-email:${email}`}))`);
    if (await emailHasAccount(tx, email)) throw fieldError("email", EMAIL_TAKEN_MESSAGE, "CONFLICT");
    const [live] = await tx
      .select({ id: pendingMembershipSignups.id })
      .from(pendingMembershipSignups)
      .where(
        and(
          eq(pendingMembershipSignups.email, email),
          eq(pendingMembershipSignups.status, "pending"),
          gt(pendingMembershipSignups.expiresAt, now),
        ),
      )
      .limit(1);
    if (live) throw new AppError("CONFLICT", SIGNUP_IN_PROGRESS_MESSAGE);
    // Hashes are not kept longer than needed: signups whose checkout can no longer be paid lose theirs.
    await tx
      .update(pendingMembershipSignups)
      .set({ status: "expired", passwordHash: "", updatedAt: now })
      .where(
        and(eq(pendingMembershipSignups.status, "pending"), lt(pendingMembershipSignups.expiresAt, now)),
      );
    const [signup] = await tx
      .insert(pendingMembershipSignups)
      .values({
        email,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        phone: phone.value,
        plan: input.plan,
        passwordHash,
        status: "pending",
        expiresAt: new Date(now.getTime() + SIGNUP_LIFETIME_MS),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: pendingMembershipSignups.id });
    const [payment] = await tx
      .insert(payments)
      .values({
        provider: provider.name,
        purpose: "membership",
        amountCents: plan.priceCents,
        signupId: present(signup).id,
        state: "created",
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: payments.id });
    return { signup: present(signup), payment: present(payment) };
  });

  const base = deps.config.publicUrl;
  let session: Awaited<ReturnType<typeof provider.createSubscriptionCheckout>>;
  try {
    session = await provider.createSubscriptionCheckout({
      paymentId: payment.id,
      signupId: signup.id,
      purpose: "membership",
      plan: input.plan,
      productName: `${venue.clubName} membership (${plan.label})`,
      amountCents: plan.priceCents,
      customerEmail: email,
      now,
      successUrl: `${base}/membership-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}/membership-cancel?session_id={CHECKOUT_SESSION_ID}`,
    });
  } catch (err) {
    // Only ids in the log: the request (and so the password) is never logged.
    deps.logger.error(
      { err: (err as Error).message, paymentId: payment.id, signupId: signup.id },
      "membership checkout session could not be created",
    );
    await deps.db.transaction(async (tx) => {
      await tx.update(payments).set({ state: "failed", updatedAt: now }).where(eq(payments.id, payment.id));
      await tx
        .update(pendingMembershipSignups)
        .set({ status: "expired", passwordHash: "", updatedAt: now })
        .where(eq(pendingMembershipSignups.id, signup.id));
    });
    throw new AppError("PAYMENT_PROVIDER", SIGNUP_FAILED_MESSAGE);
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(payments)
      .set({
        providerSessionId: session.sessionId,
        checkoutUrl: session.url,
        expiresAt: session.expiresAt,
        updatedAt: now,
      })
      .where(eq(payments.id, payment.id));
    await tx
      .update(pendingMembershipSignups)
      .set({ expiresAt: session.expiresAt, updatedAt: now })
      .where(eq(pendingMembershipSignups.id, signup.id));
  });
  return { url: session.url };
}

export const SIGNUP_IN_PROGRESS_MESSAGE =
  "A membership signup for this email is already waiting for payment. Please complete it, or try again later.";

async function emailHasAccount(executor: Db | Tx, email: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  return Boolean(row);
}
