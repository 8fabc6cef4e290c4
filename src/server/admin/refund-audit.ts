import type { RefundScope } from "../../domain/refund-amounts";
import type { PaymentRow } from "../payments/payment-rows";
import type { StaffRefundDetails } from "../payments/refund-payment";

/**
 * Issue 32 item 5: a refund's audit row carries its amount and the payment's refunded total before
 * and after, in cents (queryable, and shown by the audit view as "refundedCents: 0 → 4500").
 */
export function refundAuditDetails(
  scope: RefundScope,
  payment: PaymentRow | null,
  refund: StaffRefundDetails,
  extra: Record<string, unknown> = {},
) {
  const paidCents = payment?.amountCents ?? refund.amountCents;
  const refundedBefore = payment?.refundedCents ?? 0;
  return {
    ...refund,
    ...extra,
    scope,
    amountCents: refund.amountCents,
    paidCents,
    before: { refundedCents: refundedBefore },
    after: { refundedCents: refundedBefore + refund.amountCents },
  };
}
