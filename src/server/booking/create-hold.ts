import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { CreateHoldRequest, CreateHoldResponse, HoldItem } from "../../contracts/booking";
import { BOOKING_FORM_FIELDS, BOOKING_FORM_MESSAGES, checkBookingForm } from "../../domain/booking-form";
import { evaluateCoupon, totalAfterDiscount } from "../../domain/coupons";
import { assignFacilities, facilityTryOrder } from "../../domain/court-assignment";
import type { HoldLimits } from "../../domain/hold-limits";
import { holdEndsAt, paymentsUnavailableMessage } from "../../domain/payment-hold";
import { INVALID_PHONE_MESSAGE, normalizeUsPhone } from "../../domain/phone";
import { freeFacilitiesAt } from "../../domain/slots";
import type { Tx } from "../db/client";
import { isRetryableTransactionError } from "../db/pg-errors";
import { holds, reservations } from "../db/schema";
import { AppError, fieldError } from "../errors";
import type { AppDeps, SessionUser } from "../kernel/deps";
import { newHoldToken } from "../kernel/hold-token";
import { present } from "../kernel/present";
import { courtScheduleSharedLocks } from "../kernel/schedule/court-schedule-lock";
import { anyDueHoldColumn, endDueHolds, expireHolds, logExpiredHolds } from "../kernel/schedule/expire-holds";
import {
  loadSlotContext,
  type SlotContext,
  slotContextColumn,
  slotContextFromRow,
} from "../kernel/schedule/slot-context";
import { loadVenueIdentity } from "../settings/venue-settings";
import { type BookingParty, resolveBookingParty } from "./booking-party";
import { loadCouponRule } from "./coupon-queries";
import {
  facilityDayLocks,
  inFacilityDayTurn,
  sharedLimitsRead,
  sharedScheduleRead,
} from "./facility-day-lock";
import {
  checkHoldPlace,
  checkSlotsPerHold,
  type HoldPlaceRead,
  type HoldVisitor,
  holdPlaceColumns,
  loadHoldLimits,
  visitorLocks,
} from "./hold-limits";
import { type PricedItem, priceCartItems, sumCents } from "./price-cart";
import { slotInReadKey, slotTakenError } from "./slot-taken";

type Customer = {
  name: string;
  email: string;
  phone: string | null;
  notes: string | null;
  wantsSmsReminders: boolean;
};

const MAX_ATTEMPTS = 3;

/**
 * "Continue to Payment" (SPEC §4 Public paid booking flow; DECISIONS.md Payment hold). In one
 * transaction: end holds whose time is up, reserve a use of the coupon, and create one pending
 * reservation per cart item, keeping a cart's slots on one court or bay where one is free for them
 * all (else on as few as possible, lowest numbers first), with a hold that ends in
 * 15 minutes. The exclusion constraint is the last word on double booking: a buyer who loses the
 * race for a court tries the next free one, and only when none is left does the whole request fail
 * with 409 — nothing partial is ever kept. The limits against hoarding (hold-limits.ts) are taken
 * in the same transaction, so a refused request leaves nothing behind either.
 */
export async function createHold(
  deps: AppDeps,
  viewer: SessionUser | null,
  input: CreateHoldRequest,
  request: { ip: string; holdToken: string | null },
): Promise<CreateHoldResponse> {
  if (!deps.payments) {
    // A hold blocks the slot for 15 minutes; without a provider it could never be paid.
    const venue = await loadVenueIdentity(deps.db, deps.config);
    throw new AppError("PAYMENTS_UNAVAILABLE", paymentsUnavailableMessage(venue.phone));
  }
  const now = deps.now();
  const party = await resolveBookingParty(deps.db, viewer, input);
  const customer = await checkCustomer(deps, input);
  const items = priceCartItems(input.items, now, party);
  // In a rush most requests end here, refused from the queue's shared read without a round trip
  // of their own (docs/decisions/024); alone, the transaction reads the same anyway.
  await refuseTakenSlots(items, now, (item) =>
    sharedScheduleRead(deps.db, item.facilityType, item.date, now, () =>
      loadSlotContext(deps.db, item.facilityType, item.date, now),
    ),
  );
  const visitor: HoldVisitor = { ...request, email: customer.email.toLowerCase() };
  const couponCode = input.couponCode?.trim() || null;

  // The request joins the facility day's queue before its first query of its own. Reading the hold
  // limits first (as it did) let each request's read wait behind the transaction ahead of it on
  // the embedded database's one connection, so no queue ever formed in the process and every buyer
  // in a rush ran a whole transaction to be refused (2,880 transactions for 60 places; issue 16).
  const result = await inFacilityDayTurn(
    deps.db,
    items,
    async (turn) => {
      // Refused from what the transaction ahead in the queue read (and placed), if it is still fresh.
      await refuseTakenSlots(items, now, (item) => turn.snapshot(item.facilityType, item.date, now));
      // DECISIONS.md: signed-in staff are exempt (they book at the desk for many people). One read
      // serves the holds of the next second (`sharedLimitsRead`), forgotten on any write.
      const limits = viewer?.isAdmin
        ? null
        : await sharedLimitsRead(deps.db, () => loadHoldLimits(deps.db, deps.config));
      if (limits) checkSlotsPerHold(limits, input.items.length);
      for (let attempt = 1; ; attempt++) {
        const begun = turn.begin();
        const reads = new Map<string, SlotContext>();
        const leave = (contexts: Map<string, SlotContext>) => {
          for (const [key, context] of contexts) {
            const [facilityType = "", date = ""] = key.split("|");
            turn.leave(facilityType, date, context, begun, now);
          }
        };
        const working = new Map<string, SlotContext>();
        try {
          const held = await deps.db.transaction((tx) =>
            holdInTransaction(tx, {
              now,
              party,
              customer,
              items,
              couponCode,
              limits,
              visitor,
              reads,
              working,
            }),
          );
          // Committed: what was read, plus what this hold placed.
          leave(working);
          return held;
        } catch (err) {
          // Rolled back: what was read under the lock, without this cart's own placements.
          if (err instanceof AppError && err.code === "SLOT_TAKEN") leave(reads);
          // A deadlock between two carts is resolved by PostgreSQL aborting one; run it again.
          if (attempt < MAX_ATTEMPTS && isRetryableTransactionError(err)) continue;
          throw err;
        }
      }
    },
    (facilityType, date, read) => refusalFrom(items, facilityType, date, read, now),
  );
  deps.logger.info(
    { event: "hold.created", holdId: result.response.holdId, items: items.length },
    "hold created",
  );
  if (result.endedHolds.length > 0) {
    logExpiredHolds(deps.logger, result.endedHolds, "new-hold");
    runSweeperSoon(deps);
  }
  return result.response;
}

async function checkCustomer(deps: AppDeps, input: CreateHoldRequest): Promise<Customer> {
  const c = input.customer;
  const problem = checkBookingForm({
    termsAccepted: c.termsAccepted,
    name: c.name,
    email: c.email,
    phone: c.phone,
    smsConsent: c.smsConsent,
    // The end is computed from the start and the duration.
    items: input.items.map((i) => ({ startTime: i.startTime, endTime: i.duration > 0 ? "set" : null })),
  });
  if (problem) throw new AppError("VALIDATION", problem, undefined, { field: BOOKING_FORM_FIELDS[problem] });
  const phone = normalizeUsPhone(c.phone ?? "");
  if (!phone.ok) {
    const venue = await loadVenueIdentity(deps.db, deps.config);
    throw fieldError("phone", INVALID_PHONE_MESSAGE(venue.phone));
  }
  const notes = c.notes?.trim() ?? "";
  return {
    name: c.name.trim(),
    email: c.email.trim(),
    phone: phone.value,
    notes: notes === "" ? null : notes,
    wantsSmsReminders: phone.value !== null && c.smsConsent,
  };
}

type HoldInput = {
  now: Date;
  party: BookingParty;
  customer: Customer;
  items: PricedItem[];
  couponCode: string | null;
  /** The venue's hold limits; null for signed-in staff, who are exempt. */
  limits: HoldLimits | null;
  visitor: HoldVisitor;
  /** The reads made under the facility-day lock, by "type|date", left for the queue behind. */
  reads: Map<string, SlotContext>;
  /** The same, with what this cart placed (later items of the cart see earlier ones as taken). */
  working: Map<string, SlotContext>;
};

/** A facility day's key in `reads` and `working`: "type|date". */
const dayKey = (item: { facilityType: string; date: string }) => `${item.facilityType}|${item.date}`;

async function holdInTransaction(tx: Tx, input: HoldInput) {
  const { now, party, customer, items, limits, visitor } = input;
  const days = [...new Map(items.map((i) => [dayKey(i), i])).values()];
  // The transaction's critical section is its round trips, one after another (in a rush, each hold
  // of a facility day waits for the one ahead to commit; issue 16). So every lock is taken in one
  // statement, left to right in one fixed order — the visitor's (hold-limits.ts); the courts'
  // schedule of the dates, shared, so a court read as free here is not given to an event before
  // this hold commits (src/server/kernel/schedule/court-schedule-lock.ts); the facility days
  // (facility-day-lock.ts) — and every read in the next, under those locks.
  const locks = [
    ...(limits ? visitorLocks(visitor) : []),
    ...courtScheduleSharedLocks(items.filter((i) => i.facilityType === "court").map((i) => i.date)),
    ...facilityDayLocks(items),
  ];
  await tx.execute(sql`select ${sql.join(locks, sql`, `)}`);
  const columns = [
    anyDueHoldColumn(now),
    ...(limits ? [holdPlaceColumns(limits, visitor, now)] : []),
    ...days.map((day, i) => slotContextColumn(day.facilityType, day.date, now, `day_${i}`)),
  ];
  const result = (await tx.execute(sql`select ${sql.join(columns, sql`, `)}`)) as unknown as {
    rows: Array<HoldPlaceRead & Record<string, unknown>>;
  };
  const read = present(result.rows[0], "the hold's reads");
  if (limits) checkHoldPlace(limits, read, now);
  // The day's read already leaves out the pending reservations of ended holds; ending them (which
  // also gives back their coupon uses) takes its own statements only when there are any.
  const endedHolds = read.any_due_hold ? await endDueHolds(tx, now) : [];

  const subtotalCents = sumCents(items);
  let couponId: string | null = null;
  let couponCode: string | null = null;
  let discountCents = 0;
  if (input.couponCode) {
    const coupon = await loadCouponRule(tx, input.couponCode, now, { lock: true });
    const result = evaluateCoupon(coupon?.rule ?? null, subtotalCents, now);
    if (!result.ok) throw fieldError("couponCode", result.message, "VALIDATION", { reason: result.code });
    couponId = present(coupon).row.id;
    couponCode = present(coupon).row.code;
    discountCents = result.discountCents;
  }
  const totalCents = totalAfterDiscount(subtotalCents, discountCents);

  const token = newHoldToken();
  const expiresAt = holdEndsAt(now);
  const holdId = randomUUID();
  // Inserted with the cart's first reservation, in one statement (below).
  let newHold: SQL | null = tx
    .insert(holds)
    .values({
      id: holdId,
      tokenHash: token.hash,
      status: "active",
      expiresAt,
      userId: party.userId,
      couponId,
      subtotalCents,
      discountCents,
      totalCents,
      clientIp: visitor.ip,
      customerEmail: visitor.email,
      createdAt: now,
      updatedAt: now,
    })
    .getSQL();

  const { reads, working } = input;
  for (const [i, day] of days.entries()) {
    const context = slotContextFromRow(read[`day_${i}`]);
    reads.set(dayKey(day), context);
    working.set(dayKey(day), { ...context, busy: [...context.busy] });
  }
  const itemContexts = items.map((item) => present(working.get(dayKey(item))));
  // DECISIONS.md Court continuity: plan the cart's courts together (domain/court-assignment.ts).
  const planned = assignFacilities(
    items.map((item, i) => ({
      group: dayKey(item),
      startTime: item.startTime,
      endTime: item.endTime,
      freeFacilityIds: freeFacilitiesFor(item, present(itemContexts[i]), now),
    })),
  );
  const held: HoldItem[] = [];
  for (const [i, item] of items.entries()) {
    const context = present(itemContexts[i]);
    const facilityIds = facilityTryOrder(planned[i] ?? null, freeFacilitiesFor(item, context, now));
    const placed = await placeReservation(tx, facilityIds, item, newHold, {
      holdId,
      expiresAt,
      party,
      customer,
      now,
    });
    newHold = null;
    if (!placed) throw slotTakenError(item, context, now);
    // Later items of the same cart see this one as taken.
    context.busy.push({ facilityId: placed.facilityId, startTime: item.startTime, endTime: item.endTime });
    held.push({
      reservationId: placed.id,
      facilityType: item.facilityType,
      facilityId: placed.facilityId,
      facilityName: context.facilityNames.get(placed.facilityId) ?? "",
      date: item.date,
      startTime: item.startTime,
      endTime: item.endTime,
      displayTime: item.displayTime,
      duration: item.duration,
      priceCents: item.priceCents,
      status: "pending",
    });
  }

  const response: CreateHoldResponse = {
    holdId,
    holdToken: token.token,
    status: "active",
    expiresAt: expiresAt.toISOString(),
    subtotalCents,
    discountCents,
    totalCents,
    coupon: couponCode ? { code: couponCode, discountCents } : null,
    items: held,
  };
  return { response, endedHolds };
}

/**
 * The rush (issue 16): when a slot is already full in a read of the committed schedule, the buyer
 * is told at once, with the next free time, instead of queueing for the facility-day lock only to
 * find the same. A slot that looks free here is decided inside the transaction as before; a read
 * can only refuse, and a refusal from a read a moment old is the answer the buyer would have had
 * arriving a moment earlier (facility-day-lock.ts says how long a read is kept).
 */
async function refuseTakenSlots(
  items: PricedItem[],
  now: Date,
  readFor: (item: PricedItem) => Promise<SlotContext> | SlotContext | null,
): Promise<void> {
  for (const item of items) {
    const read = readFor(item);
    if (!read) continue;
    const context = await read;
    if (isFullInRead(item, context, now)) throw slotTakenError(item, context, now);
  }
}

const fullInRead = new WeakMap<SlotContext, Map<string, boolean>>();

/**
 * Whether a shared read shows the item's slot full. In a rush every new read is offered to each
 * request still waiting (hundreds, most after the same few slots), so the answer is kept per read,
 * slot, length and minute (a started slot is not offered). Only for shared reads, which are never
 * changed once shared; a transaction's own working read is, and asks `freeFacilitiesFor` itself.
 */
function isFullInRead(item: PricedItem, context: SlotContext, now: Date): boolean {
  const key = slotInReadKey(item, now);
  let known = fullInRead.get(context);
  const hit = known?.get(key);
  if (hit !== undefined) return hit;
  const full = freeFacilitiesFor(item, context, now).length === 0;
  if (!known) {
    known = new Map();
    fullInRead.set(context, known);
  }
  known.set(key, full);
  return full;
}

/**
 * For a request waiting in the queue: the 409 when a new read of the day shows one of its items'
 * slots full (it would be refused from that read at its turn; it is told now instead).
 */
function refusalFrom(
  items: PricedItem[],
  facilityType: string,
  date: string,
  read: SlotContext,
  now: Date,
): AppError | null {
  for (const item of items) {
    if (item.facilityType !== facilityType || item.date !== date) continue;
    try {
      if (isFullInRead(item, read, now)) return slotTakenError(item, read, now);
    } catch {
      // Not a slot at all: its turn's transaction says so.
    }
  }
  return null;
}

/**
 * The free facilities for the item, lowest number first. The slot must be one the time picker
 * offers (on the 30-minute grid, within the day's hours, not already started, not past a weekend
 * cutoff); otherwise the request is not a valid slot at all.
 */
function freeFacilitiesFor(item: PricedItem, context: SlotContext, now: Date): number[] {
  const free = freeFacilitiesAt(
    {
      date: item.date,
      now,
      facilityType: item.facilityType,
      durationMinutes: item.duration,
      hours: context.hours,
      facilityIds: context.facilityIds,
      busy: context.busy,
    },
    item.startTime,
  );
  if (!free) throw new AppError("VALIDATION", BOOKING_FORM_MESSAGES.timeSlot);
  return free;
}

type PlaceContext = {
  holdId: string;
  expiresAt: Date;
  party: BookingParty;
  customer: Customer;
  now: Date;
};

/**
 * Inserts the pending reservation on the first facility the database accepts. The exclusion
 * constraint still decides: `on conflict do nothing` turns its refusal (another buyer got there
 * first) into no row, and the next facility is tried — one statement per try, where a savepoint
 * around the insert took three round trips inside the facility-day lock (docs/decisions/024).
 * `newHold`, when given, is the hold's own insert, run in the first try's statement (a data-
 * modifying WITH runs whether or not the reservation is refused; the reservation's foreign key is
 * checked at the statement's end, when the hold row is there).
 */
async function placeReservation(
  tx: Tx,
  facilityIds: number[],
  item: PricedItem,
  newHold: SQL | null,
  ctx: PlaceContext,
): Promise<{ id: string; facilityId: number } | null> {
  let withHold = newHold;
  for (const facilityId of facilityIds) {
    const insert = tx
      .insert(reservations)
      .values({
        date: item.date,
        facilityType: item.facilityType,
        courtId: item.facilityType === "court" ? facilityId : null,
        dartBayId: item.facilityType === "dart_bay" ? facilityId : null,
        duration: item.duration,
        startTime: item.startTime,
        endTime: item.endTime,
        priceCents: item.priceCents,
        status: "pending",
        paymentStatus: "pending",
        // SPEC §4: manual_payment_status is 'paid' for every booking that is not admin-created.
        manualPaymentStatus: "paid",
        isMember: ctx.party.memberPricing,
        customerName: ctx.customer.name,
        customerEmail: ctx.customer.email,
        customerPhone: ctx.customer.phone,
        notes: ctx.customer.notes,
        wantsSmsReminders: ctx.customer.wantsSmsReminders,
        userId: ctx.party.userId,
        holdId: ctx.holdId,
        holdExpiresAt: ctx.expiresAt,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .onConflictDoNothing()
      .returning({ id: reservations.id });
    let inserted: { id: string } | undefined;
    if (withHold) {
      const result = (await tx.execute(
        sql`with new_hold as (${withHold}) ${insert.getSQL()}`,
      )) as unknown as {
        rows: Array<{ id: string }>;
      };
      withHold = null;
      inserted = result.rows[0];
    } else {
      [inserted] = await insert;
    }
    if (inserted) return { id: inserted.id, facilityId };
  }
  return null;
}

/** Ending holds is done; stopping their checkout sessions talks to the provider, off the request. */
function runSweeperSoon(deps: AppDeps) {
  setTimeout(() => {
    expireHolds(deps).catch((err) => deps.logger.warn({ err }, "hold sweeper failed"));
  }, 0).unref?.();
}
