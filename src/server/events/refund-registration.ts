import { eq } from "drizzle-orm";
import type { AdminRegistration } from "../../contracts/events";
import { formatEventShortDate } from "../../domain/events";
import type { SessionUser } from "../auth/session-user";
import { eventRegistrations, events } from "../db/schema";
import type { AppDeps } from "../deps";
import { withManagerPassword } from "../kernel/staff/manager-authorization";
import { AppError } from "../lib/errors";
import { present } from "../lib/present";
import { lockPaymentById } from "../payments/payment-rows";
import { refundForStaff } from "../payments/refund-payment";
import { toAdminRegistration } from "./registration-dto";
import { refillEventWaitlist } from "./waitlist-offers";

export const REFUND_MESSAGES = {
  notFound: "Registration not found",
  notRefundable: "This registration cannot be refunded",
  alreadyRefunded: "This registration has already been refunded",
  failed: "Failed to refund registration",
} as const;

/**
 * SPEC §7 refund_event_registration, behind the manager password (kernel/staff/manager-authorization.ts:
 * checked, throttled, audit-logged either way). Lock order as the webhook's: the payment, then the
 * registration, so two clicks refund once (the second finds it refunded, 409). The money goes back
 * through the provider with the idempotency key "refund-registration-<id>"; the registration then
 * becomes cancelled with is_refunded (DECISIONS.md). Seeded demo payment ids that no provider knows
 * are refunded on the record only with the test checkout, and refused with Stripe
 * (payments/refund-payment.ts refundForStaff, shared with reservation refunds).
 */
export async function refundRegistration(
  deps: AppDeps,
  actor: SessionUser,
  id: string,
  managerPassword: string,
): Promise<AdminRegistration> {
  const [before] = await deps.db
    .select({ registration: eventRegistrations, eventName: events.name, eventDate: events.date })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(eq(eventRegistrations.id, id));
  if (!before) throw new AppError("NOT_FOUND", REFUND_MESSAGES.notFound);
  const target = {
    action: "refund_event_registration" as const,
    targetType: "event_registration" as const,
    targetId: id,
    targetLabel: `${before.registration.customerName} · ${before.eventName} · ${formatEventShortDate(before.eventDate)}`,
  };
  const refunded = await withManagerPassword(deps, actor, managerPassword, target, async (tx) => {
    const now = deps.now();
    const payment = await lockPaymentById(tx, before.registration.paymentId);
    const [row] = await tx
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.id, id))
      .for("update");
    if (!row) throw new AppError("NOT_FOUND", REFUND_MESSAGES.notFound);
    if (row.isRefunded) throw new AppError("CONFLICT", REFUND_MESSAGES.alreadyRefunded);
    if (!row.paymentId || row.status !== "confirmed" || row.paymentId !== before.registration.paymentId) {
      throw new AppError("VALIDATION", REFUND_MESSAGES.notRefundable);
    }
    const details = await refundForStaff(tx, deps, {
      payment,
      priceCents: row.priceCents,
      amountCents: (locked) => Math.max(0, locked.amountCents - locked.refundedCents),
      idempotencyKey: `refund-registration-${row.id}`,
      failureMessage: REFUND_MESSAGES.failed,
      logContext: { registrationId: row.id },
      ledger: { actorUserId: actor.id },
    });
    const [updated] = await tx
      .update(eventRegistrations)
      .set({ status: "cancelled", isRefunded: true, updatedAt: now })
      .where(eq(eventRegistrations.id, id))
      .returning();
    return { result: toAdminRegistration(present(updated)), details };
  });
  // Issue 15 §1: the refunded place goes to the next person waiting.
  await refillEventWaitlist(deps, before.registration.eventId);
  return refunded;
}
