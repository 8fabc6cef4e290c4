import { and, eq, inArray, sql } from "drizzle-orm";
import { bookingReference, selfCancelDecision, selfServiceText } from "../../domain/self-service-policy";
import type { Tx } from "../db/client";
import { isExclusionViolation } from "../db/pg-errors";
import { couponCodes, holds, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { referenceQrPart } from "../email/reference-qr";
import { bookingConfirmationEmail } from "../email/templates/booking-confirmation";
import { eventCourtsDuring } from "../kernel/schedule/facility-occupancy";
import { absoluteUrl } from "../lib/absolute-url";
import { present } from "../lib/present";
import { loadSelfServicePolicy } from "../settings/self-service-policy";
import type { VenueIdentity } from "../settings/venue-settings";
import { firstConfirmedStart } from "./get-booking-view";
import { type HoldRow, loadHoldItems } from "./hold-summary";
import { manageLinkPath, mintManageLink } from "./manage-links";

class SlotGone extends Error {}

/**
 * Fulfils a hold in the caller's transaction: its reservations become confirmed and paid with the
 * payment recorded, the hold is paid, the coupon use it reserved becomes a redemption
 * (current_uses + 1), and the confirmation email is queued once (its dedupe key is the hold).
 *
 * `late`: the hold had already ended, so its reservations were cancelled. They come back only if
 * the same facility and time are still free — the exclusion constraint decides for reservations,
 * and events are checked here — all or none. Returns false when they cannot, and nothing changes.
 */
export async function confirmHold(
  tx: Tx,
  deps: AppDeps,
  input: { hold: HoldRow; paymentId: string | null; late: boolean; venue: VenueIdentity; now: Date },
): Promise<boolean> {
  const { hold, paymentId, now } = input;
  // Lock order everywhere: hold, then coupon, then reservations (no deadlock with new holds).
  if (hold.couponId) {
    await tx
      .select({ id: couponCodes.id })
      .from(couponCodes)
      .where(eq(couponCodes.id, hold.couponId))
      .for("update");
  }
  const confirmed = {
    status: "confirmed",
    paymentStatus: "paid",
    paymentId,
    cancelReason: null,
    updatedAt: now,
  };
  let customer: Customer;
  if (input.late) {
    // Cancelled reservations left the exclusion constraint: coming back may violate it, so in a
    // savepoint the caller's transaction survives.
    try {
      customer = await tx.transaction(async (savepoint) => {
        const rows = await confirmReservations(savepoint, hold.id, confirmed, true);
        if (rows.length === 0 || (await anyEventOverlaps(savepoint, rows))) throw new SlotGone();
        return present(rows[0]);
      });
    } catch (err) {
      if (err instanceof SlotGone || isExclusionViolation(err)) return false;
      throw err;
    }
  } else {
    // Pending reservations already hold their places in the constraint, and confirming them keeps
    // the same ranges (which the closures' trigger lets pass too): nothing here can be refused, so
    // no savepoint (two round trips) is needed.
    const [first] = await confirmReservations(tx, hold.id, confirmed, false);
    if (!first) return false;
    customer = first;
  }

  await tx.update(holds).set({ status: "paid", updatedAt: now }).where(eq(holds.id, hold.id));
  if (hold.couponId) {
    // Paid at the discounted price, so redeemed even if a late payment takes the count past max_uses.
    await tx
      .update(couponCodes)
      .set({ currentUses: sql`${couponCodes.currentUses} + 1`, updatedAt: now })
      .where(eq(couponCodes.id, hold.couponId));
  }
  await queueConfirmationEmail(tx, deps, { hold, customer, venue: input.venue, now });
  return true;
}

type Customer = { customerName: string; customerEmail: string | null };

/** The hold's pending (or, `late`, its ended) reservations confirmed; returns those it changed. */
function confirmReservations(tx: Tx, holdId: string, confirmed: object, late: boolean) {
  return tx
    .update(reservations)
    .set(confirmed)
    .where(
      and(
        eq(reservations.holdId, holdId),
        late
          ? and(
              eq(reservations.status, "cancelled"),
              inArray(reservations.cancelReason, ["hold_expired", "hold_cancelled"]),
            )
          : eq(reservations.status, "pending"),
      ),
    )
    .returning();
}

/** Events are not in the exclusion constraint: a court an event took since the hold ended is gone. */
async function anyEventOverlaps(
  tx: Tx,
  rows: Array<{ courtId: number | null; date: string; startTime: string; endTime: string }>,
): Promise<boolean> {
  for (const r of rows) {
    if (r.courtId !== null && (await eventCourtsDuring(tx, r, { courts: [r.courtId] })).size > 0) return true;
  }
  return false;
}

async function queueConfirmationEmail(
  tx: Tx,
  deps: AppDeps,
  { hold, customer, venue, now }: { hold: HoldRow; customer: Customer; venue: VenueIdentity; now: Date },
) {
  // Every reservation of a hold carries the customer the hold was made for.
  if (!customer.customerEmail) return;
  const items = (await loadHoldItems(tx, hold.id)).filter((i) => i.status === "confirmed");
  const coupon = hold.couponId
    ? await tx.query.couponCodes.findFirst({ where: eq(couponCodes.id, hold.couponId) })
    : undefined;
  // Issue 14 item 3: every confirmation carries its own manage link (guests and members alike).
  const link = await mintManageLink(tx, hold.id, items, now);
  const policy = await loadSelfServicePolicy(tx);
  const decision = selfCancelDecision(policy, firstConfirmedStart(items), now);
  const reference = bookingReference(hold.id);
  await deps.outbox.enqueue(tx, {
    to: customer.customerEmail,
    ...bookingConfirmationEmail({
      venue,
      customerName: customer.customerName,
      items,
      subtotalCents: hold.subtotalCents,
      discountCents: hold.discountCents,
      couponCode: coupon?.code ?? null,
      totalCents: hold.totalCents,
      now,
      extras: {
        reference,
        manageUrl: `${deps.config.publicUrl}${manageLinkPath(link.token)}`,
        logoUrl: absoluteUrl(deps.config.publicUrl, venue.logoUrl),
        changeText: selfServiceText(decision, policy.refundPercent, venue.phone),
        qr: await referenceQrPart(reference),
      },
    }),
    dedupeKey: `booking-confirmation-${hold.id}`,
  });
}
