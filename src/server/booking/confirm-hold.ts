import { and, eq, inArray, sql } from "drizzle-orm";
import type { HoldItem } from "../../contracts/booking-holds";
import {
  bookingReference,
  type SelfServicePolicy,
  selfCancelDecision,
  selfServiceText,
} from "../../domain/self-service-policy";
import type { Tx } from "../db/client";
import { fixedStatement } from "../db/fixed-statement";
import { isExclusionViolation } from "../db/pg-errors";
import { couponCodes, courts, dartBays, holds, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { referenceQrPart } from "../email/reference-qr";
import { bookingConfirmationEmail } from "../email/templates/booking-confirmation";
import { eventCourtsDuring } from "../kernel/schedule/facility-occupancy";
import { absoluteUrl } from "../lib/absolute-url";
import { present } from "../lib/present";
import type { VenueIdentity } from "../settings/venue-settings";
import { firstConfirmedStart } from "./get-booking-view";
import { type HoldItemRow, type HoldRow, loadHoldItems, toHoldItem } from "./hold-summary";
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
  input: {
    hold: HoldRow;
    paymentId: string | null;
    late: boolean;
    venue: VenueIdentity;
    /** The venue's self-service policy, for the email (read before the transaction: cached). */
    policy: SelfServicePolicy;
    now: Date;
  },
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
  let items: HoldItem[] | null = null;
  if (input.late) {
    // Cancelled reservations left the exclusion constraint: coming back may violate it, so in a
    // savepoint the caller's transaction survives.
    try {
      customer = await tx.transaction(async (savepoint) => {
        const rows = await restoreEndedReservations(savepoint, hold.id, confirmed);
        if (rows.length === 0 || (await anyEventOverlaps(savepoint, rows))) throw new SlotGone();
        return present(rows[0]);
      });
    } catch (err) {
      if (err instanceof SlotGone || isExclusionViolation(err)) return false;
      throw err;
    }
    await tx.update(holds).set({ status: "paid", updatedAt: now }).where(eq(holds.id, hold.id));
  } else {
    // Pending reservations already hold their places in the constraint, and confirming them keeps
    // the same ranges (which the closures' trigger lets pass too): nothing here can be refused, so
    // no savepoint (two round trips) is needed.
    const rows = await confirmLiveHold(tx, { holdId: hold.id, paymentId, now: now.toISOString() });
    const first = rows[0];
    if (!first) return false;
    customer = first;
    items = rows.map(toHoldItem);
  }
  if (hold.couponId) {
    // Paid at the discounted price, so redeemed even if a late payment takes the count past max_uses.
    await tx
      .update(couponCodes)
      .set({ currentUses: sql`${couponCodes.currentUses} + 1`, updatedAt: now })
      .where(eq(couponCodes.id, hold.couponId));
  }
  await queueConfirmationEmail(tx, deps, { ...input, customer, items });
  return true;
}

type Customer = { customerName: string; customerEmail: string | null };

/**
 * A live hold's pending reservations confirmed and the hold paid, in one statement (issue 35: the
 * payment's transaction is its round trips, one after another): returns the confirmed items with
 * their facilities' names and the customer they carry, in booking order; none (and the hold
 * unchanged) when nothing was pending.
 */
const confirmLiveHold = fixedStatement<HoldItemRow & Customer>("confirm_live_hold", (tx) => {
  // Placeholders set as SQL (drizzle's types take no placeholder in a set): the values are given
  // as the driver takes them, the time as its ISO text.
  const holdId = sql.placeholder("holdId");
  const now = sql`${sql.placeholder("now")}`;
  const confirm = tx
    .update(reservations)
    .set({
      status: "confirmed",
      paymentStatus: "paid",
      paymentId: sql`${sql.placeholder("paymentId")}`,
      cancelReason: null,
      updatedAt: now,
    })
    .where(and(eq(reservations.holdId, holdId), eq(reservations.status, "pending")))
    .returning()
    .getSQL();
  const paid = tx
    .update(holds)
    .set({ status: "paid", updatedAt: now })
    .where(and(eq(holds.id, holdId), sql`exists (select 1 from confirmed)`))
    .getSQL();
  return sql`
    with confirmed as (${confirm}), paid as (${paid})
    select c.id, c.facility_type as "facilityType", c.court_id as "courtId", c.dart_bay_id as "dartBayId",
           ${courts.name} as "courtName", ${dartBays.name} as "dartBayName", c.date::text as "date",
           c.start_time::text as "startTime", c.end_time::text as "endTime", c.duration,
           c.price_cents as "priceCents", c.status, c.customer_name as "customerName",
           c.customer_email as "customerEmail"
      from confirmed c
      left join ${courts} on ${courts.id} = c.court_id
      left join ${dartBays} on ${dartBays.id} = c.dart_bay_id
     order by c.date, c.start_time, c.created_at`;
});

/** An ended hold's reservations (cancelled by its end) confirmed again; returns those it changed. */
function restoreEndedReservations(tx: Tx, holdId: string, confirmed: object) {
  return tx
    .update(reservations)
    .set(confirmed)
    .where(
      and(
        eq(reservations.holdId, holdId),
        eq(reservations.status, "cancelled"),
        inArray(reservations.cancelReason, ["hold_expired", "hold_cancelled"]),
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
  {
    hold,
    customer,
    items: confirmed,
    venue,
    policy,
    now,
  }: {
    hold: HoldRow;
    customer: Customer;
    items: HoldItem[] | null;
    venue: VenueIdentity;
    policy: SelfServicePolicy;
    now: Date;
  },
) {
  // Every reservation of a hold carries the customer the hold was made for.
  if (!customer.customerEmail) return;
  const items = confirmed ?? (await loadHoldItems(tx, hold.id)).filter((i) => i.status === "confirmed");
  const coupon = hold.couponId
    ? await tx.query.couponCodes.findFirst({ where: eq(couponCodes.id, hold.couponId) })
    : undefined;
  // Issue 14 item 3: every confirmation carries its own manage link (guests and members alike).
  const link = await mintManageLink(tx, hold.id, items, now);
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
        qr: referenceQrPart(reference),
      },
    }),
    dedupeKey: `booking-confirmation-${hold.id}`,
  });
}
