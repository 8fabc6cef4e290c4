import { randomUUID } from "node:crypto";
import { and, desc, eq, gt, inArray } from "drizzle-orm";
import type { HoldItem } from "../../contracts/booking-holds";
import type { BookingView } from "../../contracts/manage";
import { formatVenueDateShort } from "../../domain/booking-form";
import { formatCents } from "../../domain/money";
import { holdEndsAt } from "../../domain/payment-hold";
import type { RescheduleMoney } from "../../domain/reschedule-price";
import { formatTimeRange } from "../../domain/venue-time";
import type { Db, Tx } from "../db/client";
import { courts, dartBays, holds, payments, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { newHoldToken } from "../kernel/hold-token";
import { endHolds, expireCheckoutSessions } from "../kernel/schedule/expire-holds";
import type { PaymentProvider } from "../payment-provider";
import { insertCheckoutPayment, openCheckoutSession } from "../payments/open-checkout-session";
import type { PaymentRow } from "../payments/payment-rows";
import type { VenueIdentity } from "../settings/venue-settings";
import type { MoveTarget } from "./move-booked-item";
import { RESCHEDULE, rescheduleCheckout } from "./reschedule-purpose";

type ReservationRow = typeof reservations.$inferSelect;

/** A dearer move waiting for its difference: what the request's transaction wrote. */
export type StartedMove = {
  payment: PaymentRow;
  /** When the held time ends, and the checkout with it. */
  expiresAt: Date;
  /** Its checkout is already open (the same move asked again): nothing to create. */
  open: boolean;
  /** Earlier moves of the item that this one replaces: their checkouts stop taking payment. */
  replaced: Array<{ id: string; providerSessionId: string | null }>;
};

/**
 * Issue 30 item 1: a move to a dearer time is final only once the difference is paid, and the
 * booking keeps its current time until then. In the manage link's transaction: the new time is
 * held for the customer by a hold of its own (`reschedule_of` the item, the venue's hold time like any
 * hold), whose pending reservation blocks that court or bay, and a payment row (purpose
 * "reschedule") for the difference. Unpaid, the hold ends as any hold does and nothing changed;
 * paid, reschedule-purpose.ts makes the move. An earlier move of the same item waiting for its
 * payment ends here; the same move asked again gets the same checkout. Null when the time is
 * taken (the exclusion constraint decides).
 */
export async function startDearerMove(
  tx: Tx,
  input: {
    row: ReservationRow;
    before: HoldItem;
    target: MoveTarget & { facilityName: string; displayTime: string };
    money: RescheduleMoney;
    provider: PaymentProvider;
    /** The venue's hold time (booking rules): how long the new time is kept for the payment. */
    holdMinutes: number;
    venue: VenueIdentity;
    now: Date;
  },
): Promise<StartedMove | null> {
  const { row, before, target, money, now } = input;
  const earlier = await tx
    .select({ id: holds.id })
    .from(holds)
    .where(and(eq(holds.rescheduleOf, before.reservationId), eq(holds.status, "active")))
    .for("update");
  const lineItem = {
    name: `Move to ${target.facilityName} · ${formatVenueDateShort(target.date)} · ${target.displayTime}`,
    description: `The difference between ${formatCents(money.priceBeforeCents)} (${formatVenueDateShort(before.date)} · ${before.displayTime}) and ${formatCents(money.priceAfterCents)} at ${input.venue.venueName}`,
    amountCents: money.differenceCents,
  };
  const same = await sameMoveWaiting(
    tx,
    earlier.map((h) => h.id),
    target,
    money,
    now,
  );
  if (same) return { ...same, open: true, replaced: [] };
  const replaced = await openPaymentsOf(
    tx,
    earlier.map((h) => h.id),
  );
  await endHolds(
    tx,
    earlier.map((h) => h.id),
    "cancelled",
    "hold_cancelled",
    now,
  );

  const moveHoldId = randomUUID();
  const expiresAt = holdEndsAt(now, input.holdMinutes);
  await tx.insert(holds).values({
    id: moveHoldId,
    // Nobody pays or cancels it by token: the manage link is the customer's key.
    tokenHash: newHoldToken().hash,
    status: "active",
    expiresAt,
    userId: row.userId,
    subtotalCents: money.differenceCents,
    totalCents: money.differenceCents,
    rescheduleOf: before.reservationId,
    createdAt: now,
    updatedAt: now,
  });
  const [placed] = await tx
    .insert(reservations)
    .values({
      date: target.date,
      facilityType: row.facilityType,
      courtId: row.facilityType === "court" ? target.facilityId : null,
      dartBayId: row.facilityType === "dart_bay" ? target.facilityId : null,
      duration: row.duration,
      startTime: target.startTime,
      endTime: target.endTime,
      priceCents: money.priceAfterCents,
      status: "pending",
      paymentStatus: "pending",
      manualPaymentStatus: "paid",
      isMember: row.isMember,
      customerName: row.customerName,
      customerEmail: row.customerEmail,
      customerPhone: row.customerPhone,
      notes: row.notes,
      wantsSmsReminders: row.wantsSmsReminders,
      userId: row.userId,
      holdId: moveHoldId,
      holdExpiresAt: expiresAt,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: reservations.id });
  if (!placed) return null;
  const payment = await insertCheckoutPayment(tx, input.provider, {
    purpose: RESCHEDULE,
    reference: moveHoldId,
    amountCents: money.differenceCents,
    checkout: rescheduleCheckout({ lineItem, moveHoldId, customerEmail: row.customerEmail }),
    now,
  });
  return { payment, expiresAt, open: false, replaced };
}

/** The move already waiting for the same time and amount, with its checkout still open. */
async function sameMoveWaiting(
  tx: Tx,
  holdIds: string[],
  target: MoveTarget,
  money: RescheduleMoney,
  now: Date,
): Promise<{ payment: PaymentRow; expiresAt: Date } | null> {
  if (holdIds.length === 0) return null;
  const [waiting] = await tx
    .select({ payment: payments, expiresAt: holds.expiresAt })
    .from(holds)
    .innerJoin(reservations, and(eq(reservations.holdId, holds.id), eq(reservations.status, "pending")))
    .innerJoin(payments, and(ofMove, eq(payments.state, "created")))
    .where(
      and(
        inArray(holds.id, holdIds),
        gt(holds.expiresAt, now),
        eq(reservations.date, target.date),
        eq(reservations.startTime, target.startTime),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!waiting?.payment.checkoutUrl || waiting.payment.amountCents !== money.differenceCents) return null;
  return waiting;
}

/** A move's payment: purpose "reschedule", referring to its hold. */
const ofMove = and(eq(payments.purpose, RESCHEDULE), eq(payments.reference, holds.id));

const openPaymentsOf = (tx: Tx, holdIds: string[]) =>
  holdIds.length === 0
    ? Promise.resolve([])
    : tx
        .select({ id: payments.id, providerSessionId: payments.providerSessionId })
        .from(payments)
        .where(
          and(
            eq(payments.purpose, RESCHEDULE),
            inArray(payments.reference, holdIds),
            eq(payments.state, "created"),
          ),
        );

/**
 * After the transaction: the checkout for the difference, from the provider (outside any
 * transaction, as every checkout; a failure marks the payment failed and the held time ends with
 * its hold). Paid or not, the customer comes back to their booking (/manage/return).
 */
export async function openDifferenceCheckout(deps: AppDeps, started: StartedMove) {
  await expireCheckoutSessions(deps, started.replaced);
  if (started.open) return;
  await openCheckoutSession(deps, started.payment, { expiresAt: started.expiresAt });
}

/** The booking's move waiting for its difference, as the manage page shows it (or null). */
export async function loadPendingMove(
  executor: Db | Tx,
  items: HoldItem[],
  now: Date,
): Promise<BookingView["pendingMove"]> {
  const ids = items.filter((i) => i.status === "confirmed").map((i) => i.reservationId);
  if (ids.length === 0) return null;
  const [move] = await executor
    .select({
      reservationId: holds.rescheduleOf,
      expiresAt: holds.expiresAt,
      date: reservations.date,
      startTime: reservations.startTime,
      endTime: reservations.endTime,
      priceCents: reservations.priceCents,
      courtName: courts.name,
      bayName: dartBays.name,
      differenceCents: payments.amountCents,
      checkoutUrl: payments.checkoutUrl,
    })
    .from(holds)
    .innerJoin(reservations, and(eq(reservations.holdId, holds.id), eq(reservations.status, "pending")))
    .innerJoin(payments, and(ofMove, eq(payments.state, "created")))
    .leftJoin(courts, eq(courts.id, reservations.courtId))
    .leftJoin(dartBays, eq(dartBays.id, reservations.dartBayId))
    .where(and(inArray(holds.rescheduleOf, ids), eq(holds.status, "active"), gt(holds.expiresAt, now)))
    .orderBy(desc(holds.createdAt))
    .limit(1);
  if (!move?.checkoutUrl || !move.reservationId) return null;
  const start = move.startTime.slice(0, 5);
  const end = move.endTime.slice(0, 5);
  return {
    reservationId: move.reservationId,
    facilityName: move.courtName ?? move.bayName ?? "",
    date: move.date,
    startTime: start,
    displayTime: formatTimeRange(start, end),
    priceCents: move.priceCents,
    differenceCents: move.differenceCents,
    checkoutUrl: move.checkoutUrl,
    expiresAt: move.expiresAt.toISOString(),
  };
}
