import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { payments, pendingMembershipSignups } from "../db/schema";
import { AppError } from "../errors";
import type { AppDeps } from "../kernel/deps";
import { lockMembershipPayment, type MembershipOutcome, recordWebhookEvent } from "./webhook-records";

/**
 * checkout.session.expired for a membership: nobody paid, so no account is made; the signup ends
 * and its password hash is wiped (it is kept only while the checkout could still be paid).
 */
export async function expireMembershipCheckout(
  deps: AppDeps,
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
): Promise<MembershipOutcome> {
  const provider = deps.payments;
  if (!provider) throw new AppError("PAYMENT_PROVIDER", "Online payment is not configured");
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    if (!(await recordWebhookEvent(tx, provider.name, event, now))) return "duplicate";
    const payment = await lockMembershipPayment(tx, provider.name, session);
    if (!payment?.signupId) return "ignored";
    await tx
      .update(payments)
      .set({ state: "expired", updatedAt: now })
      .where(and(eq(payments.id, payment.id), eq(payments.state, "created")));
    await tx
      .update(pendingMembershipSignups)
      .set({ status: "expired", passwordHash: "", updatedAt: now })
      .where(
        and(
          eq(pendingMembershipSignups.id, payment.signupId),
          eq(pendingMembershipSignups.status, "pending"),
        ),
      );
    return "expired";
  });
}
