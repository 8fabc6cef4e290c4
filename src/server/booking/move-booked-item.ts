import { and, eq, sql } from "drizzle-orm";
import type { HoldItem } from "../../contracts/booking-holds";
import type { RescheduleMoney } from "../../domain/reschedule-price";
import { bookingReference } from "../../domain/self-service-policy";
import type { Tx } from "../db/client";
import { isExclusionViolation } from "../db/pg-errors";
import { manageLinks, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { bookingRescheduledEmail } from "../email/templates/booking-rescheduled";
import { writeAudit } from "../kernel/staff/audit-log";
import { absoluteUrl } from "../lib/absolute-url";
import { present } from "../lib/present";
import type { VenueIdentity } from "../settings/venue-settings";
import { type HoldRow, loadHoldItems } from "./hold-summary";
import { manageLinkExpiry } from "./manage-links";

export type MoveTarget = { date: string; startTime: string; endTime: string; facilityId: number };

/**
 * Moves a booked item to its new time, in the caller's transaction, once what the move costs is
 * settled (a dearer move's difference paid, reschedule-purpose.ts; otherwise at once): the item
 * takes the new court or bay, time and price; the booking's manage links last until a week after
 * its new end; the audit row and the email say the amounts (issue 30 item 1). The exclusion
 * constraint has the last word: a time taken meanwhile answers null and changes nothing.
 */
export async function moveBookedItem(
  tx: Tx,
  deps: AppDeps,
  input: {
    hold: HoldRow;
    before: HoldItem;
    target: MoveTarget;
    money: RescheduleMoney;
    customer: { name: string; email: string | null };
    actorUserId: string | null;
    venue: VenueIdentity;
    now: Date;
    manageUrl: string;
  },
): Promise<HoldItem | null> {
  const { hold, before, target, money, now } = input;
  try {
    await tx.transaction(async (savepoint) => {
      await savepoint
        .update(reservations)
        .set({
          date: target.date,
          startTime: target.startTime,
          endTime: target.endTime,
          ...(before.facilityType === "court"
            ? { courtId: target.facilityId }
            : { dartBayId: target.facilityId }),
          priceCents: money.priceAfterCents,
          updatedAt: now,
        })
        .where(and(eq(reservations.id, before.reservationId), eq(reservations.status, "confirmed")));
    });
  } catch (err) {
    if (isExclusionViolation(err)) return null;
    throw err;
  }

  const moved = await loadHoldItems(tx, hold.id);
  const after = present(moved.find((i) => i.reservationId === before.reservationId));
  // The links keep working until a week after the booking's new end.
  const expiry = manageLinkExpiry(moved, now);
  await tx
    .update(manageLinks)
    .set({ expiresAt: sql`greatest(${manageLinks.expiresAt}, ${expiry.toISOString()}::timestamptz)` })
    .where(eq(manageLinks.holdId, hold.id));
  const reference = bookingReference(hold.id);
  await writeAudit(tx, {
    actorUserId: input.actorUserId,
    action: "customer_reschedule_booking",
    targetType: "reservation",
    targetId: before.reservationId,
    targetLabel: `${reference} · ${input.customer.name}`,
    outcome: "success",
    at: now,
    details: {
      from: { facility: before.facilityName, date: before.date, startTime: before.startTime },
      to: { facility: after.facilityName, date: after.date, startTime: after.startTime },
      priceBeforeCents: money.priceBeforeCents,
      priceAfterCents: money.priceAfterCents,
      paidCents: money.payCents,
      refundCents: money.refundCents,
      refundPercent: money.refundPercent,
    },
  });
  if (input.customer.email) {
    await deps.outbox.enqueue(tx, {
      to: input.customer.email,
      ...bookingRescheduledEmail({
        venue: input.venue,
        logoUrl: absoluteUrl(deps.config.publicUrl, input.venue.logoUrl),
        customerName: input.customer.name,
        reference,
        before,
        after,
        money,
        manageUrl: input.manageUrl,
      }),
      dedupeKey: `booking-rescheduled-${before.reservationId}-${before.date}-${before.startTime}-${after.date}-${after.startTime}-${now.getTime()}`,
    });
  }
  return after;
}
