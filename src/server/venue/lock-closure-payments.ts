import type { ClosureDraft } from "../../contracts/venue";
import type { Tx } from "../db/client";
import { lockPaymentsByIds } from "../payments/payment-rows";
import { affectedReservations } from "./closure-impact";

/**
 * A cancelling closure locks the payments of the bookings it will cancel before their reservations'
 * rows, as payment confirmation and the staff refunds lock them: else a staff refund of a later
 * booking's payment, made while this one is refunding an earlier booking at the provider, holds that
 * payment and waits for its row, which we hold (a deadlock; closure-refund-lock-order.integration.test.ts).
 */
export async function lockClosurePayments(tx: Tx, draft: ClosureDraft, now: Date) {
  const seen = await affectedReservations(tx, draft, now);
  await lockPaymentsByIds(
    tx,
    seen.map((r) => r.paymentId),
  );
}
