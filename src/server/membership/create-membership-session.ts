import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { CreateMembershipSessionRequest, MembershipSessionResponse } from "../../contracts/membership";
import {
  EMAIL_TAKEN_MESSAGE,
  type PlanSettings,
  planUnavailableMessage,
  SIGNUP_FAILED_MESSAGE,
} from "../../domain/membership";
import { INVALID_PHONE_MESSAGE, normalizeUsPhone } from "../../domain/phone";
import { hashPassword } from "../auth/password-hashing";
import { checkPasswordPolicy } from "../auth/password-policy";
import type { Db, Tx } from "../db/client";
import { pendingMembershipSignups, users } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError, fieldError } from "../lib/errors";
import { present } from "../lib/present";
import { insertCheckoutPayment, openCheckoutSession } from "../payments/open-checkout-session";
import { loadMembershipPlans, planOf, planPriceProblem } from "../settings/membership-plans";
import { loadVenueIdentity, type VenueIdentity } from "../settings/venue-settings";
import { MEMBERSHIP, membershipCheckout } from "./checkout-purpose";

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

  // Issue 32 item 3: the plan as the venue sells it now, and the provider must charge exactly that.
  const plan = planOf(await loadMembershipPlans(deps.db), input.plan);
  await refuseMismatchedPrice(deps, plan, venue);

  const passwordHash = await hashPassword(input.password);
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
    // Issue 30 item 10: the waiting signup may be a stranger's; the refusal says so, and the email's
    // owner can have a link sent that cancels it (send-signup-restart-link.ts).
    if (live) throw new AppError("CONFLICT", SIGNUP_IN_PROGRESS_MESSAGE, { signupWaiting: true });
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
    const payment = await insertCheckoutPayment(tx, provider, {
      purpose: MEMBERSHIP,
      reference: present(signup).id,
      amountCents: plan.priceCents,
      checkout: membershipCheckout({ signupId: present(signup).id, plan, email, venue }),
      now,
    });
    return { signup: present(signup), payment };
  });

  const session = await openCheckoutSession(deps, payment, {
    expiresAt: null,
    failure: {
      message: SIGNUP_FAILED_MESSAGE,
      undo: async (tx) => {
        await tx
          .update(pendingMembershipSignups)
          .set({ status: "expired", passwordHash: "", updatedAt: now })
          .where(eq(pendingMembershipSignups.id, signup.id));
      },
    },
  });
  // The signup lives as long as its session could still be paid.
  await deps.db
    .update(pendingMembershipSignups)
    .set({ expiresAt: session.expiresAt, updatedAt: now })
    .where(eq(pendingMembershipSignups.id, signup.id));
  return { url: session.url };
}

/**
 * A checkout whose provider price would charge another amount (or interval) than the plan shows is
 * refused before anything is kept, with the reason for the customer and, for staff, in the log.
 */
async function refuseMismatchedPrice(deps: AppDeps, plan: PlanSettings, venue: VenueIdentity) {
  if (deps.payments?.name === "stripe" && !plan.providerPriceId) {
    deps.logger.error({ plan: plan.id }, "membership checkout refused: the plan has no Stripe price id");
    throw new AppError("PAYMENT_PROVIDER", SIGNUP_FAILED_MESSAGE);
  }
  let problem: string | null;
  try {
    problem = await planPriceProblem(deps.payments, plan);
  } catch (err) {
    deps.logger.error({ err, plan: plan.id }, "the plan's price could not be read from the payment provider");
    throw new AppError("PAYMENT_PROVIDER", SIGNUP_FAILED_MESSAGE);
  }
  if (problem) {
    deps.logger.error(
      { plan: plan.id, problem },
      "membership checkout refused: the provider's price differs",
    );
    throw new AppError("CONFLICT", planUnavailableMessage(plan, venue.phone), { planPriceMismatch: true });
  }
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
