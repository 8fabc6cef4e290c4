import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { CreateHoldResponse } from "../../contracts/booking-holds";
import { evaluateCoupon, totalAfterDiscount } from "../../domain/coupons";
import type { HoldLimits } from "../../domain/hold-limits";
import { holdEndsAt } from "../../domain/payment-hold";
import type { Tx } from "../db/client";
import { holds } from "../db/schema";
import { newHoldToken } from "../kernel/hold-token";
import { courtScheduleSharedLocks } from "../kernel/schedule/court-schedule-lock";
import { anyDueHoldColumn, endDueHolds } from "../kernel/schedule/expire-holds";
import { type SlotContext, slotContextColumn, slotContextFromRow } from "../kernel/schedule/slot-context";
import { fieldError } from "../lib/errors";
import { present } from "../lib/present";
import type { BookingParty } from "./booking-party";
import { loadCouponRule } from "./coupon-queries";
import { facilityDayKey, facilityDayLocks } from "./facility-day-queue";
import {
  checkHoldPlace,
  type HoldPlaceRead,
  type HoldVisitor,
  holdPlaceColumns,
  visitorLocks,
} from "./hold-limits";
import type { Customer } from "./hold-request";
import { placeItems } from "./place-items";
import { type PricedItem, sumCents } from "./price-cart";
import type { TransactionReads } from "./shared-schedule-reads";

export type HoldPlan = {
  now: Date;
  party: BookingParty;
  customer: Customer;
  items: PricedItem[];
  couponCode: string | null;
  /** How long the payment hold lasts (the venue's booking rules). */
  holdMinutes: number;
  /** The venue's hold limits; null for signed-in staff, who are exempt. */
  limits: HoldLimits | null;
  visitor: HoldVisitor;
  /** What this transaction reads of its facility days, left for the requests queued behind it. */
  reads: TransactionReads;
  /** "Places taken", told to every instance at commit (schedule-changes.ts `noticeAtCommit`). */
  notice: SQL;
};

/**
 * The hold's transaction, in five round trips (begin, the locks, the reads and the notice of places
 * taken, the hold with its first reservation, commit; one more per further item or refused
 * facility): the visitor's place
 * checked against the limits, holds whose time is up ended, a use of the coupon reserved, the
 * hold row and one pending reservation per item. A refusal throws, and the transaction keeps
 * nothing. Returns the answer and the holds it ended.
 */
export async function placeHold(tx: Tx, plan: HoldPlan) {
  const { now, limits } = plan;
  const read = await lockAndRead(tx, plan);
  if (limits) checkHoldPlace(limits, read, now);
  // The day's read already leaves out the pending reservations of ended holds; ending them (which
  // also gives back their coupon uses) takes its own statements only when there are any.
  const endedHolds = read.any_due_hold ? await endDueHolds(tx, now) : [];
  const price = await priceAndCoupon(tx, plan);

  const token = newHoldToken();
  const expiresAt = holdEndsAt(now, plan.holdMinutes);
  const holdId = randomUUID();
  // Inserted with the cart's first reservation, in one statement (place-items.ts).
  const newHold = tx
    .insert(holds)
    .values({
      id: holdId,
      tokenHash: token.hash,
      status: "active",
      expiresAt,
      userId: plan.party.userId,
      couponId: price.couponId,
      subtotalCents: price.subtotalCents,
      discountCents: price.discountCents,
      totalCents: price.totalCents,
      clientIp: plan.visitor.ip,
      customerEmail: plan.visitor.email,
      visitorId: limits ? read.hold_visitor : null,
      createdAt: now,
      updatedAt: now,
    })
    .getSQL();
  const contexts = new Map<string, SlotContext>();
  for (const [i, day] of facilityDays(plan.items).entries()) {
    contexts.set(facilityDayKey(day), plan.reads.record(day, slotContextFromRow(read[`day_${i}`])));
  }
  const items = await placeItems(tx, plan.items, contexts, newHold, { ...plan, holdId, expiresAt });
  const response: CreateHoldResponse = {
    holdId,
    holdToken: token.token,
    status: "active",
    expiresAt: expiresAt.toISOString(),
    subtotalCents: price.subtotalCents,
    discountCents: price.discountCents,
    totalCents: price.totalCents,
    coupon: price.couponCode ? { code: price.couponCode, discountCents: price.discountCents } : null,
    items,
  };
  return { response, endedHolds };
}

/** The cart's facility days, each once, in the cart's order. */
const facilityDays = (items: PricedItem[]) => [...new Map(items.map((i) => [facilityDayKey(i), i])).values()];

/**
 * The transaction's critical section is its round trips, one after another (in a rush, each hold
 * of a facility day waits for the one ahead to commit; issue 16). So every lock is taken in one
 * statement, left to right in one fixed order — the visitor's (hold-limits.ts); the courts'
 * schedule of the dates, shared, so a court read as free here is not given to an event before this
 * hold commits (kernel/schedule/court-schedule-lock.ts); the facility days (facility-day-queue.ts)
 * — and every read in the next, under those locks: whether any hold is due to end, the visitor's
 * place, each facility day's schedule (as `day_0`, `day_1`, …), with the notice of places taken.
 */
async function lockAndRead(tx: Tx, { now, items, limits, visitor, notice }: HoldPlan) {
  const locks = [
    ...(limits ? visitorLocks(visitor) : []),
    ...courtScheduleSharedLocks(items.filter((i) => i.facilityType === "court").map((i) => i.date)),
    ...facilityDayLocks(items),
  ];
  await tx.execute(sql`select ${sql.join(locks, sql`, `)}`);
  const columns = [
    anyDueHoldColumn(now),
    ...(limits ? [holdPlaceColumns(limits, visitor, now, randomUUID())] : []),
    ...facilityDays(items).map((day, i) => slotContextColumn(day.facilityType, day.date, now, `day_${i}`)),
    // Sent with the reads, delivered only if the hold commits (a refusal rolls it back).
    sql`${notice} as places_taken_notice`,
  ];
  const result = (await tx.execute(sql`select ${sql.join(columns, sql`, `)}`)) as unknown as {
    rows: Array<HoldPlaceRead & Record<string, unknown>>;
  };
  return present(result.rows[0], "the hold's reads");
}

/** The cart's subtotal, and with a code the coupon (its row locked, its use counted at commit). */
async function priceAndCoupon(tx: Tx, { now, items, couponCode }: HoldPlan) {
  const subtotalCents = sumCents(items);
  if (!couponCode) {
    return { subtotalCents, discountCents: 0, totalCents: subtotalCents, couponId: null, couponCode: null };
  }
  const coupon = await loadCouponRule(tx, couponCode, now, { lock: true });
  const result = evaluateCoupon(coupon?.rule ?? null, subtotalCents, now);
  if (!result.ok) throw fieldError("couponCode", result.message, "VALIDATION", { reason: result.code });
  const row = present(coupon).row;
  const discountCents = result.discountCents;
  return {
    subtotalCents,
    discountCents,
    totalCents: totalAfterDiscount(subtotalCents, discountCents),
    couponId: row.id as string | null,
    couponCode: row.code as string | null,
  };
}
