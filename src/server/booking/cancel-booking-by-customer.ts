import { and, eq } from "drizzle-orm";
import type { SelfCancelResponse } from "../../contracts/manage";
import { bookingReference, selfCancelRefundCents } from "../../domain/self-service-policy";
import { reservations } from "../db/schema";
import { absoluteUrl } from "../email/layout";
import { bookingCancelledEmail } from "../email/templates/booking-cancelled";
import { AppError } from "../errors";
import type { AppDeps } from "../kernel/deps";
import { present } from "../kernel/present";
import { writeAudit } from "../kernel/staff/audit-log";
import { lockPaymentById } from "../payments/payment-rows";
import { refundThroughProvider } from "../payments/refund-payment";
import { firstConfirmedStart, loadBookingView } from "./get-booking-view";
import { changeManagedBooking, requireSelfServiceAllowed } from "./managed-booking";

export const SELF_CANCEL_MESSAGES = {
  off: (phone: string) => `To cancel or reschedule, please call us at ${phone}.`,
  tooLate: (hours: number, phone: string) =>
    `Online cancellation closes ${hours} hours before the start. To cancel or reschedule, please call us at ${phone}.`,
  alreadyCancelled: "This booking is already cancelled",
  refundFailed: (phone: string) => `Refund failed. Please try again or call us at ${phone}.`,
} as const;

/**
 * The customer cancels their whole booking through its manage link (issue 14 item 3). The server
 * decides: the venue's policy must be on and the first item's start more than the policy's hours
 * away. In one transaction, with the hold locked so two clicks cancel once: the confirmed items
 * become cancelled (their time is free again), the policy's share of what is still paid goes back
 * through the payment spine with the key "self-cancel-<hold id>" (a retry after a failure is the
 * same refund), the cancellation is written to the audit log and its email to the outbox.
 */
export async function cancelBookingByCustomer(
  deps: AppDeps,
  token: string,
  ip: string,
  actorUserId: string | null,
): Promise<SelfCancelResponse> {
  return changeManagedBooking(deps, token, ip, async ({ tx, now, hold, venue, policy, items }) => {
    const confirmed = items.filter((i) => i.status === "confirmed");
    if (confirmed.length === 0) throw new AppError("CONFLICT", SELF_CANCEL_MESSAGES.alreadyCancelled);
    requireSelfServiceAllowed({ policy, venue, now }, firstConfirmedStart(items), SELF_CANCEL_MESSAGES);

    const [first] = await tx
      .select({
        paymentId: reservations.paymentId,
        name: reservations.customerName,
        email: reservations.customerEmail,
      })
      .from(reservations)
      .where(and(eq(reservations.holdId, hold.id), eq(reservations.status, "confirmed")))
      .limit(1);
    const payment = await lockPaymentById(tx, first?.paymentId ?? null);
    const remaining = payment ? payment.amountCents - payment.refundedCents : 0;
    const refundCents = selfCancelRefundCents(remaining, policy.refundPercent);

    await tx
      .update(reservations)
      .set({ status: "cancelled", isRefunded: refundCents > 0, cancelReason: null, updatedAt: now })
      .where(and(eq(reservations.holdId, hold.id), eq(reservations.status, "confirmed")));

    const reference = bookingReference(hold.id);
    await writeAudit(tx, {
      actorUserId,
      action: "customer_cancel_booking",
      targetType: "booking",
      targetId: hold.id,
      targetLabel: `${reference} · ${first?.name ?? ""}`,
      outcome: "success",
      at: now,
      details: {
        refundCents,
        refundPercent: policy.refundPercent,
        hoursBefore: policy.hoursBefore,
        reservationIds: confirmed.map((i) => i.reservationId),
      },
    });
    if (first?.email) {
      await deps.outbox.enqueue(tx, {
        to: first.email,
        ...bookingCancelledEmail({
          venue,
          logoUrl: absoluteUrl(deps.config.publicUrl, venue.logoUrl),
          customerName: first.name,
          reference,
          items: confirmed,
          refundCents,
          refundPercent: policy.refundPercent,
          bookUrl: `${deps.config.publicUrl}/book`,
        }),
        dedupeKey: `booking-self-cancelled-${hold.id}`,
      });
    }

    // Last, so a refusal by the provider rolls everything back and a retry reuses the key.
    if (payment && refundCents > 0) {
      const provider = deps.payments;
      if (!provider || provider.name !== payment.provider || !payment.providerPaymentId) {
        throw new AppError("PAYMENT_PROVIDER", SELF_CANCEL_MESSAGES.refundFailed(venue.phone));
      }
      await refundThroughProvider(tx, provider, payment, {
        providerPaymentId: present(payment.providerPaymentId),
        amountCents: refundCents,
        idempotencyKey: `self-cancel-${hold.id}`,
        now,
        onProviderError: (err) => {
          deps.logger.error({ err, holdId: hold.id }, "self-service refund failed at the payment provider");
          throw new AppError("PAYMENT_PROVIDER", SELF_CANCEL_MESSAGES.refundFailed(venue.phone));
        },
      });
    }
    const booking = await loadBookingView(tx, { hold, venue, policy, now });
    return { booking, refundedCents: refundCents };
  });
}
