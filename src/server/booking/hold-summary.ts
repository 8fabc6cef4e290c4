import { and, asc, eq, isNull, ne, or, sql } from "drizzle-orm";
import type { HoldItem, HoldSummary } from "../../contracts/booking-holds";
import { formatTimeRange } from "../../domain/venue-time";
import type { Db, Tx } from "../db/client";
import { couponCodes, courts, dartBays, holds, reservations } from "../db/schema";
import { present } from "../lib/present";

export type HoldRow = typeof holds.$inferSelect;

const hhmm = (t: string) => t.slice(0, 5);

/** The hold's items: all but those removed from the cart. */
const listedItem = or(isNull(reservations.cancelReason), ne(reservations.cancelReason, "item_removed"));

/** The hold's items (all but those removed from the cart), in booking order, with facility names. */
export async function loadHoldItems(executor: Db | Tx, holdId: string): Promise<HoldItem[]> {
  const rows = await executor
    .select({
      id: reservations.id,
      facilityType: reservations.facilityType,
      courtId: reservations.courtId,
      dartBayId: reservations.dartBayId,
      courtName: courts.name,
      dartBayName: dartBays.name,
      date: reservations.date,
      startTime: reservations.startTime,
      endTime: reservations.endTime,
      duration: reservations.duration,
      priceCents: reservations.priceCents,
      status: reservations.status,
    })
    .from(reservations)
    .leftJoin(courts, eq(courts.id, reservations.courtId))
    .leftJoin(dartBays, eq(dartBays.id, reservations.dartBayId))
    .where(and(eq(reservations.holdId, holdId), listedItem))
    .orderBy(asc(reservations.date), asc(reservations.startTime), asc(reservations.createdAt));
  return rows.map(toHoldItem);
}

/** A reservation with its facility's name, as the hold's items are read (also by confirm-hold.ts). */
export type HoldItemRow = {
  id: string;
  facilityType: string;
  courtId: number | null;
  dartBayId: number | null;
  courtName: string | null;
  dartBayName: string | null;
  date: string;
  startTime: string;
  endTime: string;
  duration: number;
  priceCents: number;
  status: string;
};

export function toHoldItem(r: HoldItemRow): HoldItem {
  return {
    reservationId: r.id,
    facilityType: r.facilityType === "dart_bay" ? "dart_bay" : "court",
    facilityId: present(r.courtId ?? r.dartBayId),
    facilityName: r.courtName ?? r.dartBayName ?? "",
    date: r.date,
    startTime: hhmm(r.startTime),
    endTime: hhmm(r.endTime),
    displayTime: formatTimeRange(hhmm(r.startTime), hhmm(r.endTime)),
    duration: r.duration,
    priceCents: r.priceCents,
    status: r.status === "confirmed" ? "confirmed" : r.status === "cancelled" ? "cancelled" : "pending",
  };
}

export async function loadHoldSummary(executor: Db | Tx, hold: HoldRow): Promise<HoldSummary> {
  const items = await loadHoldItems(executor, hold.id);
  const coupon = hold.couponId
    ? await executor.query.couponCodes.findFirst({ where: eq(couponCodes.id, hold.couponId) })
    : undefined;
  return holdSummaryOf(hold, items, coupon?.code ?? null);
}

/**
 * The hold, its coupon's code and its items (as loadHoldItems) in one statement, for reads that
 * lock nothing (the payment panel, /success waiting for the webhook); undefined when there is none.
 */
export async function readHoldWithItems(executor: Db | Tx, holdId: string) {
  const [row] = await executor
    .select({
      hold: holds,
      couponCode: couponCodes.code,
      items: sql<HoldItemRow[]>`coalesce((
        select json_agg(json_build_object(
                 'id', ${reservations.id}, 'facilityType', ${reservations.facilityType},
                 'courtId', ${reservations.courtId}, 'dartBayId', ${reservations.dartBayId},
                 'courtName', ${courts.name}, 'dartBayName', ${dartBays.name},
                 'date', ${reservations.date}, 'startTime', ${reservations.startTime},
                 'endTime', ${reservations.endTime}, 'duration', ${reservations.duration},
                 'priceCents', ${reservations.priceCents}, 'status', ${reservations.status})
               order by ${reservations.date}, ${reservations.startTime}, ${reservations.createdAt})
          from ${reservations}
          left join ${courts} on ${courts.id} = ${reservations.courtId}
          left join ${dartBays} on ${dartBays.id} = ${reservations.dartBayId}
         where ${reservations.holdId} = ${holds.id} and ${listedItem}), '[]'::json)`,
    })
    .from(holds)
    .leftJoin(couponCodes, eq(couponCodes.id, holds.couponId))
    .where(eq(holds.id, holdId))
    .limit(1);
  return row && { hold: row.hold, couponCode: row.couponCode, items: row.items.map(toHoldItem) };
}

export function holdSummaryOf(hold: HoldRow, items: HoldItem[], couponCode: string | null): HoldSummary {
  return {
    holdId: hold.id,
    status: hold.status as HoldSummary["status"],
    expiresAt: hold.expiresAt.toISOString(),
    subtotalCents: hold.subtotalCents,
    discountCents: hold.discountCents,
    totalCents: hold.totalCents,
    coupon: couponCode !== null ? { code: couponCode, discountCents: hold.discountCents } : null,
    items,
  };
}
