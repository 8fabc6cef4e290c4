import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { pendingMembershipSignups } from "../db/schema";
import type { AppDeps } from "../kernel/deps";
import { settleExpiredCheckout } from "../payments/settle-checkout";
import type { WebhookOutcome } from "../payments/webhook-inbox";

/**
 * checkout.session.expired for a membership: nobody paid, so no account is made; the signup ends
 * and its password hash is wiped (it is kept only while the checkout could still be paid).
 */
export async function expireMembershipCheckout(
  deps: AppDeps,
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
): Promise<WebhookOutcome> {
  return settleExpiredCheckout(deps, event, session, {
    purpose: "membership",
    owns: (payment) => payment.signupId !== null,
    afterExpired: async (tx, payment, now) => {
      await tx
        .update(pendingMembershipSignups)
        .set({ status: "expired", passwordHash: "", updatedAt: now })
        .where(
          and(
            eq(pendingMembershipSignups.id, payment.signupId as string),
            eq(pendingMembershipSignups.status, "pending"),
          ),
        );
    },
  });
}
