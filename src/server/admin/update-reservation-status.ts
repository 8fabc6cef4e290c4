import { eq } from "drizzle-orm";
import type { AdminReservation, ManualPaymentStatus, ReservationStatus } from "../../contracts/admin";
import { DESK_MESSAGES, type DeskPaidMethod } from "../../domain/desk-payments";
import type { SessionUser } from "../auth/session-user";
import { isExclusionViolation } from "../db/pg-errors";
import { reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { endDueHolds } from "../kernel/schedule/expire-holds";
import { eventCourtsDuring } from "../kernel/schedule/facility-occupancy";
import { AppError } from "../lib/errors";
import { present } from "../lib/present";
import { recordDeskPayment } from "../payments/record-desk-payment";
import { loadVenueIdentity } from "../settings/venue-settings";
import { ADMIN_MESSAGES } from "./admin-messages";
import { deskReceiptEmail } from "./desk-receipt-email";
import { auditReservation } from "./reservation-audit";
import { queueReservationChangeEmail } from "./reservation-change-email";
import { loadAdminReservation } from "./reservation-dto";

/**
 * SPEC §4: an admin can set any reservation's status to pending, confirmed or cancelled. Bringing a
 * cancelled one back takes its time again, so it must still be free (the exclusion constraint for
 * reservations, a check for events on courts). A reservation set by hand no longer runs on a
 * payment-hold clock: it blocks its time until staff change it again.
 */
export async function setReservationStatus(
  deps: AppDeps,
  actor: SessionUser,
  id: string,
  status: ReservationStatus,
): Promise<AdminReservation> {
  const now = deps.now();
  const venue = await loadVenueIdentity(deps.db, deps.config);
  try {
    const reservation = await deps.db.transaction(async (tx) => {
      await endDueHolds(tx, now);
      const [row] = await tx.select().from(reservations).where(eq(reservations.id, id)).for("update");
      if (!row) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.reservationNotFound);
      if (row.status !== status) {
        const before = present(await loadAdminReservation(tx, id));
        if (row.status === "cancelled" && row.courtId !== null) {
          const held = await eventCourtsDuring(tx, row, { courts: [row.courtId] });
          if (held.size > 0) throw new AppError("CONFLICT", ADMIN_MESSAGES.statusConflict);
        }
        await tx
          .update(reservations)
          .set({
            status,
            holdExpiresAt: null,
            cancelReason: null,
            updatedAt: now,
          })
          .where(eq(reservations.id, id));
        const after = present(await loadAdminReservation(tx, id));
        await auditReservation(tx, {
          action: "set_reservation_status",
          actorId: actor.id,
          at: now,
          before,
          after,
          facts: ["status"],
        });
        // Issue 14: the customer hears of the new status.
        await queueReservationChangeEmail(deps, tx, {
          venue,
          reservation: after,
          change: { kind: "status", before },
        });
        return after;
      }
      return present(await loadAdminReservation(tx, id));
    });
    await deps.schedule.changed();
    return reservation;
  } catch (err) {
    if (isExclusionViolation(err)) throw new AppError("CONFLICT", ADMIN_MESSAGES.statusConflict);
    throw err;
  }
}

/**
 * SPEC §4: manual_payment_status, what the desk collected: unpaid or paid. Issue 32 item 4: marking a
 * priced desk booking paid records the payment with its method (cash, card at the desk) and emails
 * the receipt; once recorded, the payment is refunded, not switched back to unpaid.
 */
export async function setManualPaymentStatus(
  deps: AppDeps,
  actor: SessionUser,
  id: string,
  manualPaymentStatus: ManualPaymentStatus,
  method?: DeskPaidMethod,
): Promise<AdminReservation> {
  const now = deps.now();
  const venue = await loadVenueIdentity(deps.db, deps.config);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(reservations).where(eq(reservations.id, id)).for("update");
    if (!row) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.reservationNotFound);
    const before = present(await loadAdminReservation(tx, id));
    if (row.manualPaymentStatus === manualPaymentStatus) return before;
    const takesDeskPayment = row.isAdminCreated && !row.paymentId && row.priceCents > 0;
    if (manualPaymentStatus === "paid" && takesDeskPayment && !method) {
      throw new AppError("VALIDATION", DESK_MESSAGES.paidMethod);
    }
    if (manualPaymentStatus === "unpaid" && before.paymentMethod && before.paymentMethod !== "online") {
      throw new AppError("CONFLICT", DESK_MESSAGES.recordedPayment);
    }
    await tx.update(reservations).set({ manualPaymentStatus, updatedAt: now }).where(eq(reservations.id, id));
    const payment =
      manualPaymentStatus === "paid" && takesDeskPayment && method
        ? await recordDeskPayment(tx, { amountCents: row.priceCents, method, reservationIds: [id], now })
        : null;
    const after = present(await loadAdminReservation(tx, id));
    await auditReservation(tx, {
      action: "set_payment_status",
      actorId: actor.id,
      at: now,
      before,
      after,
      facts: ["desk", "priceCents", "method"],
    });
    if (payment && method && after.customerEmail) {
      await deps.outbox.enqueue(tx, {
        to: after.customerEmail,
        ...deskReceiptEmail({ venue, reservation: after, amountCents: row.priceCents, method }),
        dedupeKey: `desk-receipt-${payment.id}`,
      });
    }
    return after;
  });
}
