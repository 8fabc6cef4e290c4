import { and, eq } from "drizzle-orm";
import type { SelfCancelResponse } from "../../contracts/manage";
import { bookingReference, selfCancelRefundCents } from "../../domain/self-service-policy";
import { reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { bookingCancelledEmail } from "../email/templates/booking-cancelled";
import { writeAudit } from "../kernel/staff/audit-log";
import { absoluteUrl } from "../lib/absolute-url";
import { AppError } from "../lib/errors";
import { bookingPayments, refundOne, remainingCents } from "./booking-payments";
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
      .select({ name: reservations.customerName, email: reservations.customerEmail })
      .from(reservations)
      .where(and(eq(reservations.holdId, hold.id), eq(reservations.status, "confirmed")))
      .limit(1);
    // The booking's own payment and any difference a dearer move paid (issue 30 item 1): the
    // policy's share of what each still holds.
    const paid = await bookingPayments(tx, hold.id, { lock: true });
    const refunds = paid.map((payment) => ({
      payment,
      amountCents: selfCancelRefundCents(remainingCents(payment), policy.refundPercent),
    }));
    const refundCents = refunds.reduce((sum, r) => sum + r.amountCents, 0);

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

    // Last, so a refusal by the provider rolls everything back and a retry reuses the keys.
    for (const [i, { payment, amountCents }] of refunds.entries()) {
      if (amountCents <= 0) continue;
      // The booking's own payment keeps the key it always had.
      const key = i === 0 ? `self-cancel-${hold.id}` : `self-cancel-${hold.id}-${payment.id}`;
      await refundOne(
        tx,
        deps,
        payment,
        amountCents,
        key,
        SELF_CANCEL_MESSAGES.refundFailed(venue.phone),
        now,
      );
    }
    const booking = await loadBookingView(tx, { hold, venue, policy, now });
    return { booking, refundedCents: refundCents };
  });
}
