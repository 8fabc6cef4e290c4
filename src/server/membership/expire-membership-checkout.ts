import { and, eq } from "drizzle-orm";
import type { Tx } from "../db/client";
import { pendingMembershipSignups } from "../db/schema";
import type { AppDeps } from "../deps";
import type { PaymentRow } from "../payments/payment-rows";

/**
 * checkout.session.expired for a membership: nobody paid, so no account is made; the signup ends
 * and its password hash is wiped (it is kept only while the checkout could still be paid).
 */
export async function afterMembershipExpired(tx: Tx, _deps: AppDeps, payment: PaymentRow, now: Date) {
  await tx
    .update(pendingMembershipSignups)
    .set({ status: "expired", passwordHash: "", updatedAt: now })
    .where(
      and(
        eq(pendingMembershipSignups.id, payment.reference as string),
        eq(pendingMembershipSignups.status, "pending"),
      ),
    );
}
